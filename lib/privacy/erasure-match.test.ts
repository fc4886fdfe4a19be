import crypto from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { bind, erasureTarget, hashTarget, identityOf, issueUserKeys, md5Uuid, sessionDids } from './erasure-match';

describe('erasure matching', () => {
  it('binds only the parameters a statement uses, renumbered in order of first use', () => {
    expect(
      bind('a = $3 AND b = ANY($1) AND c = $3 AND d = $8', ['p1', 'p2', 'p3', 'p4', 'p5', 'p6', 'p7', 'p8']),
    ).toEqual(['a = $1 AND b = ANY($2) AND c = $1 AND d = $3', ['p3', 'p1', 'p8']]);
  });

  it('hashes as PostgreSQL md5(text)::uuid does', () => {
    const hex = crypto.createHash('md5').update('id:ann').digest('hex');
    expect(md5Uuid('id:ann').replace(/-/g, '')).toBe(hex);
    expect(md5Uuid('id:ann')).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/);
  });

  it.each([
    [
      { kind: 'email', value: 'Ann@Example.org' },
      { ids: [], emails: ['ann@example.org'], usernames: [], ips: [] },
    ],
    [
      { kind: 'user_id', value: 'U-1' },
      { ids: ['U-1'], emails: [], usernames: [], ips: [] },
    ],
    [
      { kind: 'username', value: 'ann' },
      { ids: [], emails: [], usernames: ['ann'], ips: [] },
    ],
    [
      { kind: 'ip', value: '203.0.113.7' },
      { ids: [], emails: [], usernames: [], ips: ['203.0.113.7'] },
    ],
  ] as const)('%o starts as %o', (target, identity) => {
    expect(identityOf(target)).toEqual(identity);
  });

  it('keys users as the ingest rollups do, and sessions by every id, email and username', () => {
    const i = { ids: ['u1'], emails: ['a@x.org'], usernames: ['ann'], ips: ['203.0.113.7'] };
    expect(issueUserKeys(i)).toEqual(['id:u1', 'email:a@x.org', 'ip:203.0.113.7']);
    expect(sessionDids(i)).toEqual(['u1', 'a@x.org', 'ann']);
  });

  it('hashes the target with the email lowercased, so the same person hashes the same', () => {
    expect(hashTarget({ kind: 'email', value: 'Ann@Example.org' })).toBe(
      hashTarget({ kind: 'email', value: 'ann@example.org' }),
    );
    expect(hashTarget({ kind: 'user_id', value: 'A' })).not.toBe(hashTarget({ kind: 'user_id', value: 'a' }));
  });

  it.each([
    [{ kind: 'phone', value: '1' }, 'kind must be user_id, email, username or ip'],
    [{ kind: 'email', value: '   ' }, 'value is required'],
    [{ kind: 'email', value: 'x'.repeat(501) }, 'value must be at most 500 characters'],
  ])('refuses %o', (input, message) => {
    const r = erasureTarget.safeParse(input);
    expect(r.success).toBe(false);
    expect(r.error?.issues[0].message).toBe(message);
  });
});
