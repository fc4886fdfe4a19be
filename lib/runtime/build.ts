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
  run(path.join(root, 'node_modules', '.bin', 'next'), ['build'], root);
  fs.writeFileSync(stampFile(root), hash);
}
