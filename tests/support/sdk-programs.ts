// Small programs using real Sentry SDKs (@sentry/node from npm; Debian's python3-sentry-sdk, sentry-go and
// sentry-ruby), each in a folder as app.mjs, app.py, main.go and app.rb, run against a loopback DSN.
import { execFile } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';

const run = promisify(execFile);
export const SDKS = ['@sentry/node', 'python3-sentry-sdk', 'sentry-go', 'sentry-ruby'] as const;
export type Sdk = (typeof SDKS)[number];

/** Builds `<dir>/main.go` against Debian's sentry-go sources (no modules); returns the binary's path. */
export async function buildGoProgram(dir: string): Promise<string> {
  const out = path.join(fs.mkdtempSync(path.join(os.tmpdir(), 'tracker-go-')), 'app');
  await run('go', ['build', '-o', out, path.join(dir, 'main.go')], {
    env: {
      ...process.env,
      GO111MODULE: 'off',
      GOPATH: '/usr/share/gocode',
      GOCACHE: path.join(os.tmpdir(), 'tracker-go-cache'),
      GOFLAGS: '',
    },
    timeout: 180_000,
  });
  return out;
}

/** Runs the program of `sdk` in `dir` with `args`; its last line of output must be `sent`. */
export async function runSdkProgram({
  sdk,
  dir,
  args,
  goBinary,
}: {
  sdk: Sdk;
  dir: string;
  args: string[];
  goBinary?: string;
}): Promise<void> {
  const [cmd, argv] =
    sdk === '@sentry/node'
      ? [process.execPath, [path.join(dir, 'app.mjs'), ...args]]
      : sdk === 'python3-sentry-sdk'
        ? ['/usr/bin/python3', [path.join(dir, 'app.py'), ...args]]
        : sdk === 'sentry-ruby'
          ? ['ruby', [path.join(dir, 'app.rb'), ...args]]
          : [goBinary ?? (await buildGoProgram(dir)), args];
  const { stdout } = await run(cmd, argv, { timeout: 30_000 });
  const last = stdout.trim().split('\n').at(-1);
  if (last !== 'sent') throw new Error(`${sdk} program did not finish: ${stdout}`);
}
