import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { resetSessionSecretCache, sessionSecret, sessionSecretStatusLine } from './session-secret';

const saved = { secret: process.env.SESSION_SECRET, dataDir: process.env.DATA_DIR };
let dir: string;

beforeEach(() => {
  dir = fs.mkdtempSync(path.join(os.tmpdir(), 'secret-'));
  delete process.env.SESSION_SECRET;
  process.env.DATA_DIR = dir;
  resetSessionSecretCache();
});
afterEach(() => {
  if (saved.secret === undefined) delete process.env.SESSION_SECRET;
  else process.env.SESSION_SECRET = saved.secret;
  if (saved.dataDir === undefined) delete process.env.DATA_DIR;
  else process.env.DATA_DIR = saved.dataDir;
  resetSessionSecretCache();
  fs.rmSync(dir, { recursive: true, force: true });
});

describe('sessionSecret', () => {
  it('without SESSION_SECRET generates a random secret once, keeps it 0600 in the data directory and says so', () => {
    const first = sessionSecret();
    const file = path.join(dir, 'session-secret');
    expect(first).toEqual({ value: expect.stringMatching(/^[\w-]{43}$/), source: 'generated', file });
    expect(fs.statSync(file).mode & 0o777).toBe(0o600);
    expect(sessionSecretStatusLine()).toContain(`generated a random one and kept it in ${file} (0600)`);
    resetSessionSecretCache();
    // A restart reads the same secret back, so passcodes and hand-off tokens stay valid.
    expect(sessionSecret()).toEqual({ value: first.value, source: 'file', file });
  });

  it('two installs never share a secret', () => {
    const a = sessionSecret().value;
    const other = fs.mkdtempSync(path.join(os.tmpdir(), 'secret-'));
    process.env.DATA_DIR = other;
    resetSessionSecretCache();
    expect(sessionSecret().value).not.toBe(a);
    fs.rmSync(other, { recursive: true, force: true });
  });

  it('SESSION_SECRET wins and nothing is written', () => {
    process.env.SESSION_SECRET = 'a-secret-from-the-environment-0123456789';
    expect(sessionSecret()).toEqual({ value: 'a-secret-from-the-environment-0123456789', source: 'env' });
    expect(fs.existsSync(path.join(dir, 'session-secret'))).toBe(false);
    expect(sessionSecretStatusLine()).toBe('session secret: SESSION_SECRET');
  });
});
