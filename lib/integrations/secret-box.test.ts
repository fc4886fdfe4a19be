import crypto from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { AppError } from '@/lib/errors';
import { keyIdOf, keyRing, open, parseKey, seal, sealedKeyId } from './secret-box';

const raw = () => crypto.randomBytes(32);
const ringOf = (current: Buffer | null, previous: Buffer[] = []) =>
  keyRing({
    INTEGRATIONS_ENCRYPTION_KEY: current?.toString('base64'),
    INTEGRATIONS_ENCRYPTION_PREVIOUS_KEYS: previous.map((k) => k.toString('hex')).join(','),
  });
const codeOf = (fn: () => unknown) => {
  try {
    fn();
  } catch (err) {
    return err instanceof AppError ? [err.code, err.message] : ['thrown', String(err)];
  }
  return ['no error'];
};

describe('the secret box (AES-256-GCM)', () => {
  it('reads a 32-byte key as 64 hex digits, base64 or base64url, and nothing else', () => {
    const key = raw();
    for (const text of [
      key.toString('hex'),
      key.toString('base64'),
      key.toString('base64url'),
      ` ${key.toString('hex')}\n`,
    ])
      expect(parseKey(text)?.equals(key), text).toBe(true);
    for (const bad of [
      '',
      'short',
      raw().toString('hex').slice(2),
      crypto.randomBytes(31).toString('base64'),
      crypto.randomBytes(33).toString('base64'),
    ])
      expect(parseKey(bad), bad).toBeNull();
  });

  it('round-trips, names its key, and seals the same text differently each time', () => {
    const ring = ringOf(raw());
    const a = seal('{"token":"ghp_x"}', 'integration-1', ring);
    const b = seal('{"token":"ghp_x"}', 'integration-1', ring);
    expect(a.sealed).not.toBe(b.sealed);
    expect(a.sealed).not.toContain('ghp_x');
    expect(sealedKeyId(a.sealed)).toBe(ring.current!.id);
    expect(open(a.sealed, 'integration-1', ring)).toBe('{"token":"ghp_x"}');
  });

  it('refuses a value altered, sealed for another integration, or under a key it does not have', () => {
    const ring = ringOf(raw());
    const { sealed } = seal('secret', 'integration-1', ring);
    const parts = sealed.split('.');
    const flipped = Buffer.from(parts[4], 'base64url');
    flipped[0] ^= 1;
    const altered = [...parts.slice(0, 4), flipped.toString('base64url')].join('.');
    expect(codeOf(() => open(altered, 'integration-1', ring))).toEqual([
      'INTERNAL',
      'A sealed secret failed its integrity check',
    ]);
    expect(codeOf(() => open(sealed, 'integration-2', ring))).toEqual([
      'INTERNAL',
      'A sealed secret failed its integrity check',
    ]);
    expect(codeOf(() => open('plain text', 'integration-1', ring))).toEqual(['INTERNAL', 'Unreadable sealed secret']);
    const other = ringOf(raw());
    expect(codeOf(() => open(sealed, 'integration-1', other))[0]).toBe('SERVICE_UNAVAILABLE');
  });

  it('rotates: the new key seals, the previous one still opens what it sealed, and without either nothing opens', () => {
    const oldKey = raw();
    const newKey = raw();
    const before = seal('s1', 'i', ringOf(oldKey));
    const rotated = ringOf(newKey, [oldKey]);
    expect(open(before.sealed, 'i', rotated)).toBe('s1');
    const after = seal(open(before.sealed, 'i', rotated), 'i', rotated);
    expect([before.keyId, after.keyId]).toEqual([keyIdOf(oldKey), keyIdOf(newKey)]);
    expect(open(after.sealed, 'i', ringOf(newKey))).toBe('s1');
    expect(codeOf(() => open(before.sealed, 'i', ringOf(newKey)))).toEqual([
      'SERVICE_UNAVAILABLE',
      `The integration's secrets were sealed with key ${keyIdOf(oldKey)}, which is not in INTEGRATIONS_ENCRYPTION_KEY or INTEGRATIONS_ENCRYPTION_PREVIOUS_KEYS`,
    ]);
  });

  it('without a key: sealing and opening are a 503 that says what to set', () => {
    const none = ringOf(null);
    expect(none.problem).toBe('INTEGRATIONS_ENCRYPTION_KEY is not set');
    const message =
      'Integrations are not configured: set INTEGRATIONS_ENCRYPTION_KEY (32 random bytes, base64 or hex) to connect one';
    expect(codeOf(() => seal('x', 'i', none))).toEqual(['SERVICE_UNAVAILABLE', message]);
    const { sealed } = seal('x', 'i', ringOf(raw()));
    expect(codeOf(() => open(sealed, 'i', none))).toEqual(['SERVICE_UNAVAILABLE', message]);
    const malformed = keyRing({ INTEGRATIONS_ENCRYPTION_KEY: 'nope' });
    expect(codeOf(() => seal('x', 'i', malformed))).toEqual([
      'SERVICE_UNAVAILABLE',
      'Integrations are not configured: INTEGRATIONS_ENCRYPTION_KEY is not 32 bytes written as base64 or 64 hex digits',
    ]);
  });
});
