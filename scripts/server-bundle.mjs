// The server `npm start` runs (scripts/start.ts and every lib module it imports), as one ES module that plain Node
// loads (#65). Running the TypeScript through tsx (`node --import tsx`) kept tsx's loader thread, a second V8 isolate,
// and an esbuild service process alive for the server's whole life: 35-50 MB of the idle server's 155-172 MB in
// bench:footprint. esbuild bundles the same sources in about 0.1 s; packages stay imports of node_modules, as Next's
// server chunks keep them. The file is named by its content (and its map's), so servers started at once from one
// checkout share it and a changed source makes a new one. Plain JavaScript, so that Node runs it without a loader.
import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import * as esbuild from 'esbuild';

/** Bundles older than this that no start has used are removed (another server may still be loading its own). */
const KEEP_UNUSED_MS = 60 * 60_000;

// Prisma's generated client loads its query compiler's wasm from an ES module whose one export is the wasm as 4.5 MB of
// base64: an imported module stays for the process's life, so that is 8.7 MB of heap (its source and the string). In
// the bundle the client reads that file itself when it first compiles the wasm, and the text is garbage once it has.
// Should a Prisma upgrade change the import, the client is bundled as generated (tests/api/server-bundle.test.ts
// notices); should it change the file, the client imports it as before.
const PRISMA_WASM_IMPORT = /await import\("(@prisma\/client\/runtime\/query_compiler_\w+\.\w+\.wasm-base64\.mjs)"\)/;
const READ_WASM_BASE64 = `
import { readFileSync as __readFileSync } from 'node:fs';
import { fileURLToPath as __fileURLToPath } from 'node:url';
async function __readWasmBase64(specifier: string): Promise<{ wasm: string }> {
  const text = __readFileSync(__fileURLToPath(import.meta.resolve(specifier)), 'latin1');
  const wasm = text.slice(text.indexOf('"') + 1, text.lastIndexOf('"'));
  // "AGFzbQ" is a wasm module's first bytes ("\\0asm") in base64.
  return wasm.startsWith('AGFzbQ') ? { wasm } : import(specifier);
}
`;
const prismaWasmFromFile = {
  name: 'prisma-wasm-from-file',
  setup(build) {
    build.onLoad({ filter: /[\\/]lib[\\/]generated[\\/]prisma[\\/]internal[\\/]class\.ts$/ }, async (args) => {
      const source = await fs.promises.readFile(args.path, 'utf8');
      if (!PRISMA_WASM_IMPORT.test(source)) return undefined;
      const contents = source.replace(
        PRISMA_WASM_IMPORT,
        (_, spec) => `await __readWasmBase64(${JSON.stringify(spec)})`,
      );
      return { loader: 'ts', contents: contents + READ_WASM_BASE64 };
    });
  },
};

// esbuild escapes what is not ASCII in strings, templates and names, not in comments, regular expressions or tagged
// templates (String.raw). One such character anywhere makes V8 hold the whole module's source as two bytes a character
// (2.3 MB instead of 1.1 MB). In a comment line a \u escape changes nothing, so those are escaped; anywhere else the
// character stays as written (tests/api/server-bundle.test.ts asks that there be none: write it as \u there).
const escape = (c) => `\\u${c.charCodeAt(0).toString(16).padStart(4, '0')}`;
const asciiComments = (text) =>
  text
    .split('\n')
    .map((line) => (/^\s*(\/\/|\/\*|\*)/.test(line) ? line.replace(/[^\x00-\x7f]/g, escape) : line))
    .join('\n');

/**
 * Bundles `entry` (relative to `root`) into `outDir` (default: node_modules/.cache/tracker under `root`, so the
 * bundle's imports resolve to the project's packages) and returns the bundle's path. A linked source map sits beside
 * it: `NODE_OPTIONS=--enable-source-maps` maps stack traces back to the TypeScript lines.
 */
export async function bundleServer({ root, entry = 'scripts/start.ts', outDir }) {
  const dir = outDir ?? path.join(root, 'node_modules', '.cache', 'tracker');
  let result;
  try {
    result = await esbuild.build({
      absWorkingDir: root,
      entryPoints: [entry],
      bundle: true,
      platform: 'node',
      format: 'esm',
      target: 'node20',
      packages: 'external',
      sourcemap: 'linked',
      sourcesContent: false,
      outfile: path.join(dir, 'server.mjs'),
      write: false,
      logLevel: 'warning',
      plugins: [prismaWasmFromFile],
    });
  } finally {
    // The build's esbuild process is not needed once the bundle is made.
    await esbuild.stop();
  }
  const js = asciiComments(result.outputFiles.find((f) => f.path.endsWith('.mjs')).text);
  const map = result.outputFiles.find((f) => f.path.endsWith('.mjs.map')).contents;
  const name = `server-${crypto.createHash('sha256').update(js).update(map).digest('hex').slice(0, 16)}.mjs`;
  const file = path.join(dir, name);
  fs.mkdirSync(dir, { recursive: true });
  // A bundle already there (made by another start, or by `npm run build`) is marked used, module and map, so that no
  // other start removes it; what is missing is written. Each file is written whole under a temporary name and renamed
  // into place, the map before the module: a server starting beside this one sees no module or a complete one.
  if (!touch(`${file}.map`)) writeWhole(`${file}.map`, map);
  if (!touch(file)) {
    writeWhole(file, js.replace(/\/\/# sourceMappingURL=server\.mjs\.map\s*$/, `//# sourceMappingURL=${name}.map\n`));
  }
  removeUnused(dir, name);
  return file;
}

/** Marks a file used now; false if it is not there. A file there that cannot be marked (read-only) is kept as it is. */
function touch(file) {
  const now = new Date();
  try {
    fs.utimesSync(file, now, now);
    return true;
  } catch (err) {
    return err?.code !== 'ENOENT';
  }
}

function writeWhole(file, contents) {
  const tmp = `${file}.${process.pid}.tmp`;
  fs.writeFileSync(tmp, contents);
  fs.renameSync(tmp, file);
}

/** Removes other bundles (module and map together) and leftover temporary files unused for KEEP_UNUSED_MS. */
function removeUnused(dir, keep) {
  const cutoff = Date.now() - KEEP_UNUSED_MS;
  const stem = keep.replace(/\.mjs$/, '');
  let files;
  try {
    files = fs.readdirSync(dir).filter((f) => f.startsWith('server-') && !f.startsWith(`${stem}.`));
  } catch {
    return;
  }
  const mtime = (f) => {
    try {
      return fs.statSync(path.join(dir, f)).mtimeMs;
    } catch {
      return Infinity; // removed by another start meanwhile
    }
  };
  const times = new Map(files.map((f) => [f, mtime(f)]));
  for (const f of files) {
    // A map goes with its module, when the module is there: by the module's time.
    const owner = f.endsWith('.mjs.map') && times.has(f.slice(0, -4)) ? f.slice(0, -4) : f;
    if (times.get(owner) >= cutoff) continue;
    try {
      fs.rmSync(path.join(dir, f), { force: true });
    } catch {
      // Not ours to remove: left for the next start.
    }
  }
}
