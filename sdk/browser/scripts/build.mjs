import { createRequire } from 'node:module';
// Builds dist/index.js (ESM, web-vitals external), dist/browser.min.js (IIFE, global `Tracker`,
// web-vitals bundled, minified) and dist/*.d.ts; prints the gzipped size of browser.min.js.
import { build } from 'esbuild';
import { execFileSync } from 'node:child_process';
import { readFileSync, rmSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { gzipSync } from 'node:zlib';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const dist = join(root, 'dist');
const pkg = JSON.parse(readFileSync(join(root, 'package.json'), 'utf8'));
const GZIP_BUDGET = 10 * 1024;

rmSync(dist, { recursive: true, force: true });

const banner = `/* ${pkg.name} ${pkg.version} */`;

await build({
  entryPoints: [join(root, 'src/index.ts')],
  outfile: join(dist, 'index.js'),
  bundle: true,
  format: 'esm',
  platform: 'browser',
  target: 'es2018',
  external: ['web-vitals'],
  sourcemap: true,
  banner: { js: banner },
  logLevel: 'warning',
});

await build({
  entryPoints: [join(root, 'src/browser.ts')],
  outfile: join(dist, 'browser.min.js'),
  bundle: true,
  format: 'iife',
  platform: 'browser',
  target: 'es2017',
  minify: true,
  sourcemap: true,
  legalComments: 'none',
  banner: { js: banner },
  logLevel: 'warning',
});

// Resolved through Node so it works both standalone and hoisted in the app's workspace.
const tscBin = createRequire(import.meta.url).resolve('typescript/bin/tsc');
execFileSync(process.execPath, [tscBin, '-p', root, '--emitDeclarationOnly', '--outDir', dist], {
  stdio: 'inherit',
});

const min = readFileSync(join(dist, 'browser.min.js'));
const gz = gzipSync(min, { level: 9 }).length;
const kb = (n) => (n / 1024).toFixed(2) + ' kB';
console.log(`dist/index.js        ${kb(readFileSync(join(dist, 'index.js')).length)}`);
console.log(`dist/browser.min.js  ${kb(min.length)} (gzipped: ${kb(gz)}, ${gz} bytes; budget ${kb(GZIP_BUDGET)})`);
if (gz > GZIP_BUDGET) {
  console.error(`browser.min.js is over the ${kb(GZIP_BUDGET)} gzip budget`);
  process.exit(1);
}
