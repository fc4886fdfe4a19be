import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';

export type SecretSource = 'env' | 'generated' | 'file';

let cached: { value: string; source: SecretSource; file?: string } | undefined;

function dataDir(): string {
  return path.resolve(process.env.DATA_DIR?.trim() || '.data');
}

/**
 * The key behind passcode hashes and the OAuth hand-off token. SESSION_SECRET when set; otherwise a random
 * secret generated once and kept (mode 0600) in the data directory, so no install runs on a known default.
 */
export function sessionSecret(): { value: string; source: SecretSource; file?: string } {
  if (cached) return cached;
  const given = process.env.SESSION_SECRET?.trim();
  if (given) return (cached = { value: given, source: 'env' });
  const file = path.join(dataDir(), 'session-secret');
  try {
    const existing = fs.readFileSync(file, 'utf8').trim();
    if (existing.length >= 32) return (cached = { value: existing, source: 'file', file });
  } catch {
    // Not there yet: generated below.
  }
  fs.mkdirSync(path.dirname(file), { recursive: true });
  const value = crypto.randomBytes(32).toString('base64url');
  try {
    // 'wx': a second process starting at the same moment keeps the first one's secret.
    fs.writeFileSync(file, `${value}\n`, { mode: 0o600, flag: 'wx' });
    return (cached = { value, source: 'generated', file });
  } catch {
    return (cached = { value: fs.readFileSync(file, 'utf8').trim(), source: 'file', file });
  }
}

/** The start-up line that says where the secret comes from. */
export function sessionSecretStatusLine(): string {
  const s = sessionSecret();
  if (s.source === 'env') return 'session secret: SESSION_SECRET';
  return `session secret: SESSION_SECRET not set: ${s.source === 'generated' ? 'generated a random one and kept it' : 'using the one kept'} in ${s.file} (0600); set SESSION_SECRET to share one across instances`;
}

/** Test hook. */
export function resetSessionSecretCache(): void {
  cached = undefined;
}
