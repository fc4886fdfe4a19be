// #63: the grouping settings API. Defaults, the replaced configs kept for their transition window (at most three,
// a revert dropping its own, a comment changing nothing), exact 400 bodies for rules that do not read (each problem
// at its line and column) and for bad fields, nothing changed by a refused or foreign call, MEMBERs reading and
// previewing but not saving, another organization's project 404.
import { describe, expect, it } from 'vitest';
import { db } from '@/lib/db';
import { signUp } from '../support/accounts';
import { createProject } from '../support/fixtures';
import { inviteAndJoin } from '../support/teams';

async function setup() {
  const s = await signUp();
  const project = await createProject(s.client, 'Grouped');
  const base = `/api/v1/projects/${project.id}/grouping`;
  const put = (body: unknown) => s.client.request('PUT', base, { body });
  const get = async () => (await s.client.get(base)).body.data;
  return { ...s, project, base, put, get };
}

const DAY = 86_400_000;

describe('grouping settings', () => {
  it('a new project: the latest version, no rules, nothing in transition', async () => {
    const s = await setup();
    expect(await s.get()).toEqual({
      version: 3,
      latestVersion: 3,
      fingerprintRules: '',
      stackRules: '',
      config: expect.stringMatching(/^[0-9a-f]{16}$/),
      transition: [],
    });
    const preview = await s.client.post(`${s.base}/preview`, { fingerprintRules: 'error.type:X -> x' });
    expect(preview.body.data).toEqual({
      examined: 0,
      unchanged: 0,
      regrouped: 0,
      config: { current: (await s.get()).config, draft: expect.stringMatching(/^[0-9a-f]{16}$/) },
      rows: [],
    });
  });

  it('each change keeps the config it replaced for its window: at most three, newest first; a revert drops its own', async () => {
    const s = await setup();
    const none = (await s.get()).config;
    const started = Date.now();
    const a = await (await s.put({ fingerprintRules: 'error.type:A -> a' })).body.data;
    expect(a.transition).toEqual([
      { config: none, version: 3, fingerprintRules: '', stackRules: '', until: expect.any(String) },
    ]);
    const until = Date.parse(a.transition[0].until);
    expect(until).toBeGreaterThanOrEqual(started + 90 * DAY);
    expect(until).toBeLessThan(Date.now() + 90 * DAY + 1000);
    // Comments, blank lines and spaces read the same: the same config, no new transition.
    const same = (await s.put({ fingerprintRules: '# outages\n\n  error.type:A   ->  a\n' })).body.data;
    expect([same.config, same.transition.length]).toEqual([a.config, 1]);
    const b = (await s.put({ stackRules: 'stack.function:assert* -group', transitionDays: 7 })).body.data;
    expect(b.transition.map((t: { config: string }) => t.config)).toEqual([a.config, none]);
    expect(Date.parse(b.transition[0].until)).toBeLessThan(Date.now() + 7 * DAY + 1000);
    const c = (await s.put({ version: 2 })).body.data;
    expect([c.version, c.transition.map((t: { config: string }) => t.config)]).toEqual([2, [b.config, a.config, none]]);
    const d = (await s.put({ fingerprintRules: '' })).body.data;
    expect(d.transition.map((t: { config: string }) => t.config)).toEqual([c.config, b.config, a.config]);
    // Back to c's config: c is in force again, no longer in transition.
    const back = (await s.put({ fingerprintRules: '# outages\n\n  error.type:A   ->  a\n' })).body.data;
    expect([back.config, back.transition.map((t: { config: string }) => t.config)]).toEqual([
      c.config,
      [d.config, b.config, a.config],
    ]);
    expect(await db.auditLogEntry.count({ where: { orgId: s.orgId, action: 'project.grouping_changed' } })).toBe(6);
  });

  it('rules that do not read: 400 with every problem at its line and column, on save and preview; nothing changes', async () => {
    const s = await setup();
    await s.put({ fingerprintRules: 'error.type:A -> a' });
    const before = await s.get();
    const cases: [object, { path: string[]; line: number; column: number; message: string }[]][] = [
      [
        { fingerprintRules: 'error.type:DatabaseUnavailable system-down' },
        [
          {
            path: ['fingerprintRules'],
            line: 1,
            column: 32,
            message: 'Expected "->" and a fingerprint after the matchers',
          },
        ],
      ],
      [
        { fingerprintRules: '# ok\nmessage:"*timeout* -> timeouts\nerror.type:X -> {{ nope }}' },
        [
          { path: ['fingerprintRules'], line: 2, column: 9, message: 'Unterminated quoted value: add the closing "' },
          {
            path: ['fingerprintRules'],
            line: 3,
            column: 17,
            message:
              'Unknown variable "{{ nope }}": use {{ default }}, {{ transaction }}, {{ message }}, {{ error.type }}, {{ error.value }}, {{ stack.function }}, {{ stack.abs_path }}, {{ stack.filename }}, {{ stack.module }}, {{ stack.package }}, {{ logger }}, {{ level }} or {{ tags.<name> }}',
          },
        ],
      ],
      [
        { stackRules: 'stack.module:node_modules/** app', fingerprintRules: 'foo:bar -> x' },
        [
          {
            path: ['fingerprintRules'],
            line: 1,
            column: 1,
            message:
              'Unknown matcher "foo": use error.type, error.value, message, logger, level, tags.<name>, stack.abs_path, stack.module, stack.function, stack.package, family, app, sdk or release',
          },
          {
            path: ['stackRules'],
            line: 1,
            column: 30,
            message:
              'Unknown action "app": use +app, -app, +group or -group (with ^ or v before the sign for the frames above or below the match), max-frames=N, min-frames=N or category=NAME',
          },
        ],
      ],
      [
        { stackRules: 'stack.function:assert*' },
        [
          {
            path: ['stackRules'],
            line: 1,
            column: 23,
            message: 'A rule needs at least one action, such as -app or -group',
          },
        ],
      ],
    ];
    for (const [body, error] of cases) {
      for (const res of [await s.put(body), await s.client.post(`${s.base}/preview`, body)])
        expect([res.status, res.body]).toEqual([
          400,
          { statusCode: 400, status: 'failed', message: 'Invalid grouping rules', error },
        ]);
    }
    expect(await s.get()).toEqual(before);
    expect(await db.auditLogEntry.count({ where: { orgId: s.orgId, action: 'project.grouping_changed' } })).toBe(1);
  });

  it('bad fields: 400 naming the field', async () => {
    const s = await setup();
    const before = await s.get();
    const cases: [unknown, string[], string][] = [
      [{ fingerprintRules: 5 }, ['fingerprintRules'], 'Must be a string'],
      [{ stackRules: 'x'.repeat(20_001) }, ['stackRules'], 'At most 20000 characters'],
      [{ version: 7 }, ['version'], 'Must be a grouping version: 1, 2, 3'],
      [{ transitionDays: -1 }, ['transitionDays'], 'Must be 0 or more'],
      [{ transitionDays: 1.5 }, ['transitionDays'], 'Must be a whole number of days'],
      [{ transitionDays: 366 }, ['transitionDays'], 'At most 365 days'],
      [{ transitionDays: 'soon' }, ['transitionDays'], 'Must be a number of days'],
    ];
    for (const [body, path, message] of cases) {
      const res = await s.put(body);
      expect([res.status, res.body]).toEqual([
        400,
        { statusCode: 400, status: 'failed', message: 'Validation error', error: [{ path, message }] },
      ]);
    }
    expect(await s.get()).toEqual(before);
  });

  it('a MEMBER reads and previews but cannot save: 403', async () => {
    const s = await setup();
    const member = await inviteAndJoin(s.client, 'MEMBER', 'Mia');
    expect((await member.client.get(s.base)).status).toBe(200);
    expect((await member.client.post(`${s.base}/preview`, { fingerprintRules: 'error.type:A -> a' })).status).toBe(200);
    const res = await member.client.request('PUT', s.base, { body: { fingerprintRules: 'error.type:A -> a' } });
    expect([res.status, res.body]).toEqual([
      403,
      { statusCode: 403, status: 'failed', message: 'This action requires the ADMIN role' },
    ]);
    expect((await s.get()).fingerprintRules).toBe('');
  });

  it('another organization: every grouping route of the project 404, nothing changes', async () => {
    const s = await setup();
    await s.put({ fingerprintRules: 'error.type:A -> a' });
    const before = await db.project.findUniqueOrThrow({ where: { id: s.project.id } });
    const stranger = await signUp({ name: 'Other org' });
    await createProject(stranger.client, 'Theirs');
    const attempts: [string, () => Promise<{ status: number; body: unknown }>][] = [
      ['read', () => stranger.client.get(s.base)],
      ['save', () => stranger.client.request('PUT', s.base, { body: { fingerprintRules: '', transitionDays: 0 } })],
      ['preview', () => stranger.client.post(`${s.base}/preview`, { fingerprintRules: '' })],
    ];
    for (const [label, attempt] of attempts) {
      const res = await attempt();
      expect([label, res.status, res.body]).toEqual([
        label,
        404,
        { statusCode: 404, status: 'failed', message: 'Project not found' },
      ]);
    }
    expect(await db.project.findUniqueOrThrow({ where: { id: s.project.id } })).toEqual(before);
    expect(await db.auditLogEntry.count({ where: { orgId: stranger.orgId, action: 'project.grouping_changed' } })).toBe(
      0,
    );
  });
});
