// Integration secrets at rest (#64): AES-256-GCM under INTEGRATIONS_ENCRYPTION_KEY (32 bytes, base64 or hex), each
// sealed value naming the key that sealed it, so the key can rotate: the new key in INTEGRATIONS_ENCRYPTION_KEY, the
// old ones in INTEGRATIONS_ENCRYPTION_PREVIOUS_KEYS until everything is resealed (lib/integrations/reseal.ts).
// The integration's id is the additional data: a sealed value copied onto another row does not open there.
import crypto from 'node:crypto';
import { AppError } from '@/lib/errors';

const VERSION = 'v1';
const IV_BYTES = 12;

export type EncryptionKey = { id: string; key: Buffer };
export type KeyRing = { current: EncryptionKey | null; byId: Map<string, EncryptionKey>; problem: string | null };

export const KEY_MISSING =
  'Integrations are not configured: set INTEGRATIONS_ENCRYPTION_KEY (32 random bytes, base64 or hex) to connect one';

/** 32 bytes written as 64 hex digits or as base64 (standard or URL-safe); anything else is null. */
export function parseKey(text: string): Buffer | null {
  const t = text.trim();
  if (/^[0-9a-f]{64}$/i.test(t)) return Buffer.from(t, 'hex');
  if (!/^[A-Za-z0-9+/_-]{43}={0,1}$/.test(t)) return null;
  const key = Buffer.from(t.replace(/-/g, '+').replace(/_/g, '/'), 'base64');
  return key.length === 32 ? key : null;
}

/** A key's id: the first 8 hex digits of its SHA-256 (it names the key without revealing it). */
export function keyIdOf(key: Buffer): string {
  return crypto.createHash('sha256').update(key).digest('hex').slice(0, 8);
}

/** The keys from the environment: the current one seals, every one (current and previous) opens. */
export function keyRing(env: Record<string, string | undefined> = process.env): KeyRing {
  const byId = new Map<string, EncryptionKey>();
  const problems: string[] = [];
  const add = (text: string, name: string) => {
    const key = parseKey(text);
    if (!key) {
      problems.push(`${name} is not 32 bytes written as base64 or 64 hex digits`);
      return null;
    }
    const k = { id: keyIdOf(key), key };
    byId.set(k.id, k);
    return k;
  };
  const raw = env.INTEGRATIONS_ENCRYPTION_KEY?.trim();
  const current = raw ? add(raw, 'INTEGRATIONS_ENCRYPTION_KEY') : null;
  const previous = (env.INTEGRATIONS_ENCRYPTION_PREVIOUS_KEYS ?? '').split(',').filter((s) => s.trim());
  previous.forEach((p, i) => add(p, `INTEGRATIONS_ENCRYPTION_PREVIOUS_KEYS (entry ${i + 1})`));
  if (!raw) problems.unshift('INTEGRATIONS_ENCRYPTION_KEY is not set');
  return { current, byId, problem: problems.length ? problems.join('; ') : null };
}

let cached: { raw: string; ring: KeyRing } | undefined;
/** The process's key ring, read again when the environment changed (tests set it per case). */
export function currentKeyRing(): KeyRing {
  const raw = `${process.env.INTEGRATIONS_ENCRYPTION_KEY ?? ''}|${process.env.INTEGRATIONS_ENCRYPTION_PREVIOUS_KEYS ?? ''}`;
  if (!cached || cached.raw !== raw) cached = { raw, ring: keyRing() };
  return cached.ring;
}

/** The 503 of every action that needs the key while it is missing or malformed. */
export function assertKeyConfigured(ring: KeyRing = currentKeyRing()): EncryptionKey {
  if (ring.current) return ring.current;
  throw new AppError(
    'SERVICE_UNAVAILABLE',
    ring.problem && !ring.problem.startsWith('INTEGRATIONS_ENCRYPTION_KEY is not set')
      ? `Integrations are not configured: ${ring.problem}`
      : KEY_MISSING,
  );
}

const b64 = (b: Buffer) => b.toString('base64url');

/** Seals `plaintext` under the current key, bound to `aad` (the integration's id). */
export function seal(
  plaintext: string,
  aad: string,
  ring: KeyRing = currentKeyRing(),
): { sealed: string; keyId: string } {
  const k = assertKeyConfigured(ring);
  const iv = crypto.randomBytes(IV_BYTES);
  const cipher = crypto.createCipheriv('aes-256-gcm', k.key, iv);
  cipher.setAAD(Buffer.from(aad, 'utf8'));
  const body = Buffer.concat([cipher.update(plaintext, 'utf8'), cipher.final()]);
  return { sealed: [VERSION, k.id, b64(iv), b64(cipher.getAuthTag()), b64(body)].join('.'), keyId: k.id };
}

/** The key id a sealed value names, without opening it. */
export function sealedKeyId(sealed: string): string | null {
  const parts = sealed.split('.');
  return parts.length === 5 && parts[0] === VERSION ? parts[1] : null;
}

/**
 * Opens a sealed value. 503 when no key is configured or the one that sealed it is not among the keys (rotated away
 * before resealing); a value that was altered, or sealed for another integration, fails the GCM tag: 500.
 */
export function open(sealed: string, aad: string, ring: KeyRing = currentKeyRing()): string {
  const parts = sealed.split('.');
  if (parts.length !== 5 || parts[0] !== VERSION) throw new AppError('INTERNAL', 'Unreadable sealed secret');
  const [, keyId, iv, tag, body] = parts;
  const k = ring.byId.get(keyId);
  if (!k) {
    if (!ring.current) assertKeyConfigured(ring);
    throw new AppError(
      'SERVICE_UNAVAILABLE',
      `The integration's secrets were sealed with key ${keyId}, which is not in INTEGRATIONS_ENCRYPTION_KEY or INTEGRATIONS_ENCRYPTION_PREVIOUS_KEYS`,
    );
  }
  try {
    const decipher = crypto.createDecipheriv('aes-256-gcm', k.key, Buffer.from(iv, 'base64url'));
    decipher.setAAD(Buffer.from(aad, 'utf8'));
    decipher.setAuthTag(Buffer.from(tag, 'base64url'));
    return Buffer.concat([decipher.update(Buffer.from(body, 'base64url')), decipher.final()]).toString('utf8');
  } catch {
    throw new AppError('INTERNAL', 'A sealed secret failed its integrity check');
  }
}
