import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { sourceHash } from './source-hash';

export function distDir(root = process.cwd()): string {
  return path.join(root, process.env.NEXT_DIST_DIR || '.next');
}

const stampFile = (root: string) => path.join(distDir(root), 'tracker-source-hash');

export function buildIsFresh(root = process.cwd()): boolean {
  const stamp = stampFile(root);
  return (
    fs.existsSync(path.join(distDir(root), 'BUILD_ID')) &&
    fs.existsSync(stamp) &&
    fs.readFileSync(stamp, 'utf8') === sourceHash(root)
  );
}

function run(cmd: string, args: string[], cwd: string): void {
  const res = spawnSync(cmd, args, { cwd, stdio: 'inherit', env: process.env });
  if (res.status !== 0) throw new Error(`${cmd} ${args.join(' ')} failed with exit code ${res.status}`);
}

/** Builds the browser library bundle (served at /sdk/browser.js), then the Next.js app. */
export function build(root = process.cwd()): void {
  const hash = sourceHash(root);
  const sdk = path.join(root, 'sdk', 'browser');
  if (fs.existsSync(path.join(sdk, 'package.json'))) {
    run('npm', ['run', 'build', '--silent'], sdk);
    fs.mkdirSync(path.join(root, 'public', 'sdk'), { recursive: true });
    fs.copyFileSync(path.join(sdk, 'dist', 'browser.min.js'), path.join(root, 'public', 'sdk', 'browser.js'));
  }
  // `next build` adds its dist dir's types to tsconfig.json's include when the dir is not `.next`
  // (benches and e2e build into their own); put the file back so a build never dirties the tree.
  const tsconfig = path.join(root, 'tsconfig.json');
  const before = fs.existsSync(tsconfig) ? fs.readFileSync(tsconfig, 'utf8') : null;
  try {
    run(path.join(root, 'node_modules', '.bin', 'next'), ['build'], root);
  } finally {
    if (before !== null && fs.readFileSync(tsconfig, 'utf8') !== before) fs.writeFileSync(tsconfig, before);
  }
  fs.writeFileSync(stampFile(root), hash);
}
