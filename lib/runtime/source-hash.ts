import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';

// Everything that changes what `next build` produces (and the browser bundle it serves).
const ROOTS = [
  'app',
  'components',
  'lib',
  'emails',
  'public',
  'prisma/schema.prisma',
  'sdk/browser/src',
  'sdk/browser/package.json',
  'next.config.mjs',
  'package.json',
  'tsconfig.json',
  'postcss.config.mjs',
  'proxy.ts',
  'instrumentation.ts',
];
// Build outputs and installed packages, wherever they sit (public/sdk is the copied browser bundle).
const SKIP = new Set(['node_modules', 'generated', 'sdk', 'dist']);

function walk(p: string, out: string[]): void {
  if (!fs.existsSync(p)) return;
  const st = fs.statSync(p);
  if (st.isFile()) {
    out.push(p);
    return;
  }
  for (const name of fs.readdirSync(p).sort()) {
    if (SKIP.has(name)) continue;
    walk(path.join(p, name), out);
  }
}

/** Content hash of the build inputs: a build is stale when its recorded hash differs. */
export function sourceHash(root = process.cwd()): string {
  const files: string[] = [];
  for (const r of ROOTS) walk(path.join(root, r), files);
  const h = crypto.createHash('sha256');
  for (const f of files) {
    h.update(path.relative(root, f));
    h.update(fs.readFileSync(f));
  }
  return h.digest('hex');
}
