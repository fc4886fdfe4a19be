// Ownership rules and CODEOWNERS (#49): rules matched against events from the real @sentry/node and Debian's
// python3-sentry-sdk, the owner each new issue is auto-assigned to (by the workflow worker), exactly once under
// concurrent ingest; the API's reads, preview and audit.
import { execFile } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { createRequire } from 'node:module';
import { promisify } from 'node:util';
import * as Sentry from '@sentry/node';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { db } from '@/lib/db';
import { autoAssignByOwnership } from '@/lib/ownership/auto-assign';
import { ownersOfIssue } from '@/lib/ownership/owners-of';
import { createProject } from '../support/fixtures';
import { seedIssue } from '../support/teams';
import {
  alice,
  appDir,
  assignmentOf,
  issueTitled,
  owner,
  project,
  put,
  RULES,
  sentryDsnOf,
  teams,
  until,
  useOwnershipProject,
  writeApp,
} from '../support/ownership';
import { errorEnvelope, send } from './ingest-helpers';
import { startSentryServer } from './sentry-server';

const PYTHON = '/usr/bin/python3';

let server: Awaited<ReturnType<typeof startSentryServer>>;
useOwnershipProject();
beforeAll(async () => {
  server = await startSentryServer();
});
afterAll(async () => {
  await Sentry.close(2000);
  await server.close();
});

describe('rules against events of the real SDKs, and auto-assignment', () => {
  it('@sentry/node: paths with globs, a URL (the last matching rule wins), a tag, CODEOWNERS; no rule, no owner', async () => {
    writeApp(appDir, {
      'src/billing/charge.js': "exports.run = function charge() { throw new Error('card declined'); };\n",
      'src/billing/pay-page.js': "exports.run = function payPage() { throw new Error('pay page broke'); };\n",
      'src/misc/util.js': "exports.run = function util() { throw new Error('eu only'); };\n",
      'src/search/index.js': "exports.run = function search() { throw new Error('index missing'); };\n",
      'src/other/thing.js': "exports.run = function thing() { throw new Error('nobody owns this'); };\n",
    });
    const load = createRequire(path.join(appDir, 'index.js'));
    Sentry.init({ dsn: server.dsn(sentryDsnOf(project)), defaultIntegrations: false, integrations: [] });
    const capture = (file: string, scopeOf?: (s: Sentry.Scope) => void) => {
      try {
        (load(`./${file}`) as { run: () => void }).run();
      } catch (err) {
        Sentry.withScope((scope) => {
          scopeOf?.(scope);
          Sentry.captureException(err);
        });
      }
    };
    capture('src/billing/charge.js');
    capture('src/billing/pay-page.js', (s) =>
      s.addEventProcessor((e) => ({ ...e, request: { ...e.request, url: 'https://shop.example.com/checkout/pay' } })),
    );
    capture('src/misc/util.js', (s) => s.setTag('region', 'eu'));
    capture('src/search/index.js');
    capture('src/other/thing.js');
    expect(await Sentry.flush(5000)).toBe(true);

    const table: [string, object, object | null][] = [
      [
        'Error: card declined',
        { assigneeTeamId: teams.payments },
        { source: 'ownership', rule: 'path:*/src/billing/* #payments' },
      ],
      [
        'Error: pay page broke',
        { assigneeId: alice.userId },
        { source: 'ownership', rule: `url:*/checkout* ${alice.email}` },
      ],
      ['Error: eu only', { assigneeTeamId: teams.emea }, { source: 'ownership', rule: 'tags.region:eu #emea' }],
      [
        'Error: index missing',
        { assigneeTeamId: teams.search },
        { source: 'codeowners', rule: '/app/src/search/ @acme/search' },
      ],
    ];
    for (const [title, assignee, details] of table) {
      const issue = await issueTitled(project.id, title);
      const activity = await assignmentOf(issue.id);
      expect({ title, ...activity }, title).toEqual({
        title,
        assigneeId: null,
        assigneeTeamId: null,
        ...assignee,
        details,
      });
      const row = await db.issue.findUniqueOrThrow({ where: { id: issue.id } });
      expect([row.assigneeId, row.assignedTeamId]).toEqual([activity.assigneeId, activity.assigneeTeamId]);
    }
    // Both owners of the checkout event, the winning rule's first.
    const payPage = await issueTitled(project.id, 'Error: pay page broke');
    expect(await ownersOfIssue(payPage.id)).toEqual([
      { type: 'user', userId: alice.userId },
      { type: 'team', teamId: teams.payments },
    ]);
    const nobody = await issueTitled(project.id, 'Error: nobody owns this');
    expect(await ownersOfIssue(nobody.id)).toEqual([]);
    expect(await autoAssignByOwnership(nobody.id)).toBe(false);
    expect(await db.issueActivity.count({ where: { issueId: nobody.id } })).toBe(0);

    // The activity says why.
    const charge = await issueTitled(project.id, 'Error: card declined');
    const activity = await owner.client.get(`/api/v1/projects/${project.id}/issues/${charge.id}/activity`);
    expect(activity.status).toBe(200);
    expect(activity.body.data.find((a: { type: string }) => a.type === 'ASSIGNED')).toMatchObject({
      actor: null,
      assignee: null,
      assigneeTeam: { id: teams.payments, slug: 'payments' },
      details: { source: 'ownership', rule: 'path:*/src/billing/* #payments' },
    });
  });

  it('python3-sentry-sdk: a relative path, a module and a tag', async () => {
    const py = await createProject(owner.client, 'Reports', 'python');
    expect((await put(owner.client, `/api/v1/projects/${py.id}/ownership`, { raw: RULES(alice.email) })).status).toBe(
      200,
    );
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'ownership-py-'));
    writeApp(dir, {
      'src/__init__.py': '',
      'src/billing/__init__.py': '',
      'src/billing/refund.py': 'def run():\n    raise ValueError("refund failed")\n',
      'src/reports/__init__.py': '',
      'src/reports/monthly.py': 'def run():\n    raise KeyError("month")\n',
      'src/misc/__init__.py': '',
      'src/misc/util.py': 'def run():\n    raise RuntimeError("eu python")\n',
      'main.py': [
        'import sys',
        'import sentry_sdk',
        'sentry_sdk.init(dsn=sys.argv[1], auto_session_tracking=False, default_integrations=False)',
        'from src.billing import refund',
        'from src.reports import monthly',
        'from src.misc import util',
        'for fn, tags in ((refund.run, {}), (monthly.run, {}), (util.run, {"region": "eu"})):',
        '    with sentry_sdk.push_scope() as scope:',
        '        for k, v in tags.items():',
        '            scope.set_tag(k, v)',
        '        try:',
        '            fn()',
        '        except Exception:',
        '            sentry_sdk.capture_exception()',
        'sentry_sdk.flush(10)',
        'print("sent")',
      ].join('\n'),
    });
    try {
      const { stdout } = await promisify(execFile)(PYTHON, [path.join(dir, 'main.py'), server.dsn(sentryDsnOf(py))], {
        cwd: dir,
        timeout: 30_000,
      });
      expect(stdout.trim()).toBe('sent');
    } finally {
      fs.rmSync(dir, { recursive: true, force: true });
    }
    const refund = await issueTitled(py.id, 'ValueError: refund failed');
    const refundEvent = await db.event.findFirstOrThrow({ where: { issueId: refund.id } });
    expect((refundEvent.stacktrace as { frames: { filename: string; in_app: boolean }[] }).frames[0]).toMatchObject({
      filename: 'src/billing/refund.py',
      in_app: true,
    });
    const table: [string, object, object][] = [
      [
        'ValueError: refund failed',
        { assigneeTeamId: teams.payments },
        { source: 'ownership', rule: 'path:src/billing/* #payments' },
      ],
      [
        "KeyError: 'month'",
        { assigneeTeamId: teams.reporting },
        { source: 'ownership', rule: 'module:src.reports.* #reporting' },
      ],
      [
        'RuntimeError: eu python',
        { assigneeTeamId: teams.emea },
        { source: 'ownership', rule: 'tags.region:eu #emea' },
      ],
    ];
    for (const [title, assignee, details] of table) {
      const issue = await issueTitled(py.id, title);
      expect({ title, ...(await assignmentOf(issue.id)) }).toEqual({
        title,
        assigneeId: null,
        assigneeTeamId: null,
        ...assignee,
        details,
      });
    }
  });

  it('auto-assignment off: owners are still known, nobody is assigned', async () => {
    const p = await createProject(owner.client, 'Quiet');
    const res = await put(owner.client, `/api/v1/projects/${p.id}/ownership`, {
      raw: 'path:* #payments',
      autoAssignment: false,
    });
    expect(res.status).toBe(200);
    expect(res.body.data).toMatchObject({ raw: 'path:* #payments', autoAssignment: false, rules: 1 });
    await send({ client: owner.client, projectId: p.id, key: p.keys[0].publicKey, body: errorEnvelope() });
    const issue = await until('issue', () => db.issue.findFirst({ where: { projectId: p.id } }));
    expect(await ownersOfIssue(issue.id)).toEqual([{ type: 'team', teamId: teams.payments }]);
    expect(await autoAssignByOwnership(issue.id)).toBe(false);
  });

  it('concurrent ingest of one new fingerprint: exactly one assignment; repeated runs assign nothing more', async () => {
    const p = await createProject(owner.client, 'Busy');
    expect(
      (await put(owner.client, `/api/v1/projects/${p.id}/ownership`, { raw: `path:*/static/js/* ${alice.email}` }))
        .status,
    ).toBe(200);
    const answers = await Promise.all(
      Array.from({ length: 25 }, () =>
        send({ client: owner.client, projectId: p.id, key: p.keys[0].publicKey, body: errorEnvelope() }),
      ),
    );
    expect(answers.map((a) => a.status)).toEqual(Array(25).fill(200));
    const issue = await until('issue', () => db.issue.findFirst({ where: { projectId: p.id } }));
    expect(issue.eventCount).toBe(25);
    await assignmentOf(issue.id);
    expect(await Promise.all(Array.from({ length: 10 }, () => autoAssignByOwnership(issue.id)))).toEqual(
      Array(10).fill(false),
    );
    await new Promise((r) => setTimeout(r, 1500));
    expect(
      await db.issueActivity.findMany({ where: { issueId: issue.id }, select: { type: true, assigneeId: true } }),
    ).toEqual([{ type: 'ASSIGNED', assigneeId: alice.userId }]);
  });

  it('one conditional update decides between concurrent handlers, and a person who assigned first keeps the issue', async () => {
    const p = await createProject(owner.client, 'Race');
    expect((await put(owner.client, `/api/v1/projects/${p.id}/ownership`, { raw: 'path:* #payments' })).status).toBe(
      200,
    );
    const seeded = await seedIssue(p.id);
    await db.event.create({
      data: {
        issueId: seeded.id,
        projectId: p.id,
        level: 'ERROR',
        message: 'x',
        stacktrace: { frames: [{ filename: 'a.js', lineno: 1 }] },
        timestamp: new Date(),
      },
    });
    const results = await Promise.all(Array.from({ length: 12 }, () => autoAssignByOwnership(seeded.id)));
    expect(results.filter(Boolean)).toHaveLength(1);
    expect(await db.issueActivity.count({ where: { issueId: seeded.id, type: 'ASSIGNED' } })).toBe(1);

    const taken = await seedIssue(p.id);
    await db.issue.update({ where: { id: taken.id }, data: { assigneeId: alice.userId } });
    await db.event.create({
      data: {
        issueId: taken.id,
        projectId: p.id,
        level: 'ERROR',
        message: 'x',
        stacktrace: { frames: [{ filename: 'a.js', lineno: 1 }] },
        timestamp: new Date(),
      },
    });
    expect(await autoAssignByOwnership(taken.id)).toBe(false);
    expect((await db.issue.findUniqueOrThrow({ where: { id: taken.id } })).assigneeId).toBe(alice.userId);
  });
});

describe('the API', () => {
  const base = () => `/api/v1/projects/${project.id}`;

  it('GET: the rules, the setting and the CODEOWNERS files', async () => {
    const res = await owner.client.get(`${base()}/ownership`);
    expect(res.status).toBe(200);
    expect(res.body.data).toMatchObject({ raw: RULES(alice.email), autoAssignment: true, rules: 5 });
    expect(res.body.data.codeowners).toEqual([
      expect.objectContaining({
        raw: '# GitHub CODEOWNERS\n/app/src/search/ @acme/search\n',
        sourceRoot: 'app/',
        rules: 1,
      }),
    ]);
    const list = await alice.client.get(`${base()}/codeowners`);
    expect(list.status).toBe(200);
    expect(list.body.data).toEqual(res.body.data.codeowners);
  });

  it('preview: which of the latest issues the rules match, with the winning rule and the owners', async () => {
    const res = await alice.client.post(`${base()}/ownership/preview`, { raw: `tags.region:eu ${alice.email} #emea` });
    expect(res.status).toBe(200);
    expect(res.body.data.examined).toBeGreaterThanOrEqual(5);
    expect(res.body.data.matches).toEqual([
      {
        issue: expect.objectContaining({ title: 'Error: eu only' }),
        rule: `tags.region:eu ${alice.email} #emea`,
        owners: [
          { type: 'user', id: alice.userId, label: alice.email },
          { type: 'team', id: teams.emea, label: '#emea' },
        ],
      },
    ]);
    const none = await alice.client.post(`${base()}/ownership/preview`, { raw: '# nothing yet' });
    expect(none.body.data.matches).toEqual([]);
  });

  it('changes are audited: rules, the setting, CODEOWNERS added and removed', async () => {
    const p = await createProject(owner.client, 'Audited');
    await put(owner.client, `/api/v1/projects/${p.id}/ownership`, {
      raw: 'path:a #payments\npath:b #emea',
      autoAssignment: false,
    });
    const up = await owner.client.post(`/api/v1/projects/${p.id}/codeowners`, { raw: '*.js @acme/payments' });
    expect(up.status).toBe(201);
    expect(up.body).toMatchObject({
      message: 'CODEOWNERS file uploaded',
      data: { rules: 1, stackRoot: '', sourceRoot: '' },
    });
    const del = await owner.client.delete(`/api/v1/projects/${p.id}/codeowners/${up.body.data.id}`);
    expect([del.status, del.body.message]).toEqual([200, 'CODEOWNERS file deleted']);
    const entries = await db.auditLogEntry.findMany({
      where: {
        orgId: owner.orgId,
        targetId: p.id,
        action: { startsWith: 'project.' },
        NOT: { action: 'project.created' },
      },
      orderBy: { createdAt: 'asc' },
      select: { action: true, changes: true, actorLabel: true },
    });
    expect(entries).toEqual([
      {
        action: 'project.ownership_changed',
        actorLabel: owner.email,
        changes: { rules: { from: 0, to: 2 }, autoAssignment: { from: true, to: false } },
      },
      {
        action: 'project.codeowners_added',
        actorLabel: owner.email,
        changes: { codeowners: up.body.data.id, rules: 1, stackRoot: '', sourceRoot: '' },
      },
      { action: 'project.codeowners_removed', actorLabel: owner.email, changes: { codeowners: up.body.data.id } },
    ]);
  });
});
