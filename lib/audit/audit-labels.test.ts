import { describe, expect, it } from 'vitest';
import { AUDIT_ACTIONS } from './actions';
import { actionLabel, AREAS, AREAS_SHOWN, describeChanges, fieldName, showValue } from './audit-labels';

describe('audit labels', () => {
  it('labels every action in words, never its raw key', () => {
    for (const a of AUDIT_ACTIONS) {
      const label = actionLabel(a);
      expect(label, a).not.toContain('.');
      expect(label, a).not.toContain('_');
      expect(label, a).toMatch(/^[A-Z]/);
    }
    expect(actionLabel('member.role_changed')).toBe('Changed a role');
    expect(actionLabel('team.project_added')).toBe('Gave a team a project');
    // A row written by a later version, read by this one.
    expect(actionLabel('webhook.secret_rotated')).toBe('Webhook secret rotated');
  });

  it('names every area', () => {
    for (const area of AREAS) expect(AREAS_SHOWN[area], area).toBeDefined();
  });

  it.each([
    ['requireSso', 'Require SSO'],
    ['rateLimitPerMinute', 'Rate limit per minute'],
    ['sessions_revoked', 'Sessions revoked'],
    ['ipAddress', 'IP address'],
    ['role', 'Role'],
  ])('field %s reads %s', (key, label) => expect(fieldName(key)).toBe(label));

  it.each<[unknown, string]>([
    [true, 'on'],
    [false, 'off'],
    [null, 'none'],
    [undefined, 'none'],
    ['', 'none'],
    [[], 'none'],
    [12345, '12,345'],
    ['ADMIN', 'Admin'],
    ['MEMBER', 'Member'],
    ['reset_link', 'reset link'],
    ['signed_out_elsewhere', 'signed out elsewhere'],
    ['GET /checkout', 'GET /checkout'],
    [['project:read', 'event:write'], 'project:read, event:write'],
    [{ id: 'u1', email: 'ada@example.com' }, 'ada@example.com'],
    [{ id: 'p1', slug: 'web' }, 'web'],
    [{ id: 'p1', slug: null }, 'ID p1 · Slug none'],
    [{ repo: 'acme/web', autoCreate: true }, 'Repo acme/web · Auto create on'],
    [{}, 'none'],
  ])('value %j reads %s', (v, text) => expect(showValue(v)).toBe(text));

  it('describes changes as lines, a from → to pair or one value, never JSON', () => {
    expect(
      describeChanges({
        requireSso: { from: false, to: true },
        member: { id: 'u1', email: 'ada@example.com' },
        role: { from: 'MEMBER', to: 'ADMIN' },
        config: { from: null, to: { repo: 'acme/web' } },
      }),
    ).toEqual([
      { field: 'Require SSO', from: 'off', to: 'on' },
      { field: 'Member', value: 'ada@example.com' },
      { field: 'Role', from: 'Member', to: 'Admin' },
      { field: 'Config', from: 'none', to: 'Repo acme/web' },
    ]);
    for (const c of [null, undefined, 'x', [1], {}]) expect(describeChanges(c)).toEqual([]);
  });
});
