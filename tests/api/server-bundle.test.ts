// `npm start` runs the server as one ES module bundled by esbuild (scripts/server-bundle.mjs, #65), in plain Node with
// no TypeScript loader. What the bundle must be: the tree's own modules all inside it (the `@/` alias resolved), the
// packages left as imports that resolve from where it is written, named by its content beside its source map, written
// whole when servers start at once, and old bundles cleared.
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { afterAll, describe, expect, it } from 'vitest';
import { loadMallocTrim } from '@/lib/runtime/malloc-trim';
import { bundleServer } from '../../scripts/server-bundle.mjs';

const root = path.resolve(import.meta.dirname, '../..');
// Inside the project, as the default (node_modules/.cache/tracker) is, so the bundle's packages resolve.
const outDir = fs.mkdtempSync(path.join(root, 'node_modules', '.cache', 'server-bundle-test-'));
afterAll(() => fs.rmSync(outDir, { recursive: true, force: true }));

const importsOf = (js: string) =>
  [...js.matchAll(/^(?:import|export)\s[^;]*?\sfrom\s*"([^"]+)"|^import\s*"([^"]+)"|\bimport\("([^"]+)"\)/gm)].map(
    (m) => m[1] ?? m[2] ?? m[3],
  );

describe('the server bundle npm start runs', () => {
  it('holds every module of the tree and leaves only node built-ins and packages as imports', async () => {
    const file = await bundleServer({ root, outDir });
    expect(path.basename(file)).toMatch(/^server-[0-9a-f]{16}\.mjs$/);
    const js = fs.readFileSync(file, 'utf8');
    expect(js).toContain('// lib/ingest/protocols/node-adapter.ts');
    expect(js).toContain('// scripts/start.ts');
    const imports = importsOf(js);
    expect(imports).toContain('next');
    expect(imports).toContain('pg');
    const fromTheTree = imports.filter((s) => s.startsWith('.') || s.startsWith('/') || s.startsWith('@/'));
    expect(fromTheTree).toEqual([]);
    // Prisma's query compiler wasm is read from its file, not imported as a module kept for the server's life.
    expect(imports.filter((s) => s.includes('wasm-base64'))).toEqual([]);
    expect(js).toContain('__readWasmBase64("@prisma/client/runtime/query_compiler_');
    // ASCII only (comment lines are escaped; elsewhere write a \u escape in the source): one other character would make
    // V8 hold the whole source as two bytes a character.
    expect(js.split('\n').filter((line) => /[^\x00-\x7f]/.test(line))).toEqual([]);
    // Its source map is beside it, named by the same content hash, and points at the TypeScript sources.
    expect(js.trimEnd().endsWith(`//# sourceMappingURL=${path.basename(file)}.map`)).toBe(true);
    const map = JSON.parse(fs.readFileSync(`${file}.map`, 'utf8')) as { sources: string[] };
    const sources = map.sources.map((s) => path.resolve(outDir, s));
    expect(sources).toContain(path.join(root, 'scripts', 'start.ts'));
    expect(sources.filter((s) => !fs.existsSync(s))).toEqual([]);
  });

  it('runs in plain Node: the alias resolved, a package found from where the bundle is written', async () => {
    const file = await bundleServer({ root, outDir, entry: 'tests/fixtures/server-bundle/entry.ts' });
    const mod = await import(pathToFileURL(file).href);
    const pkg = JSON.parse(fs.readFileSync(path.join(root, 'package.json'), 'utf8')) as { version: string };
    expect(mod.APP_VERSION).toBe(pkg.version);
    // koffi is loaded by createRequire(import.meta.url): from the bundle's directory, not lib/runtime. Where the
    // module finds malloc_trim (glibc), so must its bundle.
    expect(mod.loadMallocTrim() === null).toBe(loadMallocTrim() === null);
    // The Prisma client of the bundle compiles its queries with the wasm it read from the file.
    const db = mod.createClient();
    try {
      await db.organization.create({ data: { name: 'Bundled', slug: `bundled-${Date.now()}` } });
      const found = await db.organization.findFirst({ where: { name: 'Bundled' }, select: { name: true } });
      expect(found).toEqual({ name: 'Bundled' });
    } finally {
      await db.$disconnect();
      await mod.closePool();
    }
  });

  it('gives the same file for the same sources, written whole when several servers start at once', async () => {
    const dir = fs.mkdtempSync(path.join(outDir, 'together-'));
    const script = `import('${pathToFileURL(path.join(root, 'scripts', 'server-bundle.mjs')).href}')
      .then((m) => m.bundleServer({ root: ${JSON.stringify(root)}, outDir: ${JSON.stringify(dir)} }))
      .then((f) => process.stdout.write(f))`;
    const run = () =>
      new Promise<string>((resolve, reject) => {
        const child = spawn(process.execPath, ['--input-type=module', '-e', script], { cwd: root });
        let out = '';
        child.stdout.on('data', (d) => (out += d));
        child.stderr.on('data', (d) => (out += d));
        child.on('exit', (code) => (code === 0 ? resolve(out) : reject(new Error(`exit ${code}: ${out}`))));
      });
    const files = await Promise.all([run(), run(), run()]);
    expect(new Set(files).size).toBe(1);
    const written = fs.readdirSync(dir).sort();
    expect(written).toEqual([path.basename(files[0]), `${path.basename(files[0])}.map`]);
    // Used again: module and map both marked used, a missing map written again.
    const longAgo = new Date(Date.now() - 3 * 3600_000);
    fs.utimesSync(files[0], longAgo, longAgo);
    fs.rmSync(`${files[0]}.map`);
    const again = await bundleServer({ root, outDir: dir });
    expect(again).toBe(files[0]);
    expect(fs.statSync(again).mtimeMs).toBeGreaterThan(Date.now() - 60_000);
    expect(JSON.parse(fs.readFileSync(`${again}.map`, 'utf8')).sources.length).toBeGreaterThan(100);
    expect(fs.readFileSync(again, 'utf8').trimEnd()).toMatch(/sourceMappingURL=server-[0-9a-f]{16}\.mjs\.map$/);
  }, 60_000);

  it('removes bundles no start has used for an hour, module and map together, and keeps the newer ones', async () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'server-bundle-old-'));
    try {
      const old = path.join(dir, 'server-00000000000000aa.mjs');
      const recent = path.join(dir, 'server-00000000000000bb.mjs');
      const leftover = path.join(dir, 'server-00000000000000cc.mjs.4242.tmp');
      const other = path.join(dir, 'notes.txt');
      for (const f of [old, `${old}.map`, recent, `${recent}.map`, leftover, other]) fs.writeFileSync(f, '');
      const twoHoursAgo = new Date(Date.now() - 2 * 3600_000);
      // The recent bundle's map is old: it goes by its module's time, and stays.
      for (const f of [old, `${old}.map`, `${recent}.map`, leftover, other]) fs.utimesSync(f, twoHoursAgo, twoHoursAgo);
      const file = await bundleServer({ root, outDir: dir, entry: 'tests/fixtures/server-bundle/entry.ts' });
      expect(fs.readdirSync(dir).sort()).toEqual(
        [
          path.basename(file),
          `${path.basename(file)}.map`,
          path.basename(recent),
          `${path.basename(recent)}.map`,
          'notes.txt',
        ].sort(),
      );
    } finally {
      fs.rmSync(dir, { recursive: true, force: true });
    }
  });
});
