// #63: Sentry's management API answers as Sentry documents it. The real @sentry/node 11 sends a shop's checkout
// error (two calls deep, with a user, a tag, a breadcrumb, the request, inside a span with a log line) and a
// warning message; every endpoint a tool reads is then called with a bearer token and its JSON compared with
// Sentry's documented example field by field (the keys and their types, tests/support/sentry-api-examples.ts), and
// with what the SDK sent where the value is determined.
import { execFile } from 'node:child_process';
import path from 'node:path';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { db } from '@/lib/db';
import { flushOutcomes } from '@/lib/outcomes/record-outcome';
import { signUp } from '../support/accounts';
import { createProject } from '../support/fixtures';
import * as shapes from '../support/sentry-api-examples';
import { expectShape } from '../support/sentry-api-examples';
import { createToken, TokenClient } from '../support/tokens';
import { startSentryServer } from './sentry-server';

const run = promisify(execFile);
let server: Awaited<ReturnType<typeof startSentryServer>>;
let owner: Awaited<ReturnType<typeof signUp>>;
let project: Awaited<ReturnType<typeof createProject>>;
let api: TokenClient;
let org: string;
let sent: { traceId: string; error: string; message: string };
let issue: { id: string; shortId: string };

const o = () => `/api/0/organizations/${org}`;
const p = () => `/api/0/projects/${org}/${project.slug}`;
async function get(url: string) {
  const res = await api.get(url);
  expect(res.status, `${url}: ${res.text}`).toBe(200);
  return res;
}

beforeAll(async () => {
  server = await startSentryServer();
  owner = await signUp({ name: 'Ada Shop' });
  project = await createProject(owner.client, 'Shop', 'node');
  org = (await db.organization.findUniqueOrThrow({ where: { id: owner.orgId } })).slug;
  api = new TokenClient((await createToken(owner.client, ['read', 'write'])).token);
  const team = await owner.client.post('/api/v1/organization/teams', { name: 'Payments' });
  await owner.client.request('PUT', `/api/v1/organization/teams/${team.body.data.id}/projects/${project.id}`);
  const dsn = server.dsn((project.keys[0] as unknown as { sentryDsn: string }).sentryDsn);
  const script = path.join(import.meta.dirname, '../support/sentry-api-sdks/shop.mjs');
  const { stdout } = await run(process.execPath, [script, dsn], { timeout: 60_000 });
  const lines = stdout.trim().split('\n');
  expect(lines.at(-1), stdout).toBe('sent');
  sent = JSON.parse(lines.at(-2)!);
  const list = await get(`${p()}/issues/?query=TypeError`);
  issue = list.body[0];
}, 120_000);

afterAll(async () => {
  await server.close();
});

describe('the API root, organizations, projects, keys, teams, members and users/me', () => {
  it('answer the documented shapes, with our token and organization in them', async () => {
    const root = (await get('/api/0/')).body;
    expect(root.version).toBe('0');
    expect(root.auth.scopes).toContain('event:write');
    expectShape(root.user, shapes.USER);
    expect(root.user.email).toBe(owner.email);
    expectShape((await get('/api/0/users/me/')).body, shapes.USER);

    const orgs = (await get('/api/0/organizations/')).body;
    expect(orgs.map((x: { slug: string }) => x.slug)).toEqual([org]);
    expectShape(orgs[0], shapes.ORGANIZATION);
    expectShape((await get(`${o()}/`)).body, shapes.ORGANIZATION_DETAILS);

    const projects = (await get(`${o()}/projects/`)).body;
    expect(projects.map((x: { id: string; slug: string }) => [x.id, x.slug])).toEqual([
      [String(project.number), project.slug],
    ]);
    expectShape(projects[0], shapes.PROJECT);
    expect(projects[0]).toMatchObject({ platform: 'node', hasLogs: true, firstTransactionEvent: true });
    const details = (await get(`${p()}/`)).body;
    expectShape(details, shapes.PROJECT_DETAILS);
    expect(details.environments).toEqual(['production']);
    expect(details.latestRelease).toEqual({ version: 'shop@1.2.0' });

    const keys = (await get(`${p()}/keys/`)).body;
    expectShape(keys[0], shapes.CLIENT_KEY);
    expect(keys[0].dsn.public).toBe((project.keys[0] as unknown as { sentryDsn: string }).sentryDsn);

    const teams = (await get(`${o()}/teams/`)).body;
    expectShape(teams[0], shapes.TEAM);
    expect(teams[0].projects.map((x: { slug: string }) => x.slug)).toEqual([project.slug]);
    const members = (await get(`${o()}/members/`)).body;
    expectShape(members[0], shapes.MEMBER);
    expectShape(members[0].user, shapes.USER);
    expect([members[0].email, members[0].role]).toEqual([owner.email, 'owner']);
  });
});

describe('issues', () => {
  it('lists, organization-wide and per project, with Sentry fields, stats and a Link header', async () => {
    for (const url of [`${p()}/issues/?query=`, `${o()}/issues/?query=`]) {
      const res = await get(url);
      expect(res.body).toHaveLength(2);
      for (const i of res.body) expectShape(i, shapes.ISSUE);
      const error = res.body.find((i: { id: string }) => i.id === issue.id);
      expect(error).toMatchObject({
        count: '1',
        level: 'error',
        status: 'unresolved',
        culprit: expect.stringContaining('chargeCard'),
        project: { id: String(project.number), slug: project.slug, name: 'Shop' },
        shortId: expect.stringMatching(/^SHOP-[0-9A-Z]+$/),
        title: 'TypeError: Card declined for order A-17',
        userCount: 1,
      });
      expect(error.stats['24h']).toHaveLength(24);
      expect(error.stats['24h'].at(-1)[1]).toBe(1);
      expect(res.headers.get('link')).toMatch(
        /rel="previous"; results="false"; cursor="0:0:1", <.*>; rel="next"; results="false"/,
      );
    }
  });

  it('retrieves one by number and by short id, as "Retrieve an Issue" documents it', async () => {
    const byNumber = (await get(`${o()}/issues/${issue.id}/`)).body;
    expectShape(byNumber, shapes.ISSUE_DETAILS);
    for (const a of byNumber.activity) expectShape(a, shapes.ACTIVITY);
    expect(byNumber.metadata).toMatchObject({ type: 'TypeError', value: 'Card declined for order A-17' });
    expect(byNumber.firstRelease.version).toBe('shop@1.2.0');
    expect(byNumber.stats['30d']).toHaveLength(30);
    expect(byNumber.tags.map((t: { key: string }) => t.key)).toContain('checkout');
    expect((await get(`${o()}/issues/${issue.shortId}/`)).body.id).toBe(issue.id);
    expect((await get(`/api/0/issues/${issue.shortId.toLowerCase()}/`)).body.id).toBe(issue.id);
  });

  it('bulk mutates as documented and the change shows', async () => {
    const res = await api.request('PUT', `${p()}/issues/?id=${issue.id}`, { body: { status: 'ignored' } });
    expect(res.status).toBe(200);
    expectShape(res.body, shapes.MUTATION);
    expect(res.body).toEqual({ status: 'ignored', statusDetails: {}, substatus: 'archived_forever' });
    expect((await get(`${o()}/issues/${issue.id}/`)).body.status).toBe('ignored');
    const back = await api.request('PUT', `${o()}/issues/${issue.id}/`, { body: { status: 'unresolved' } });
    expectShape(back.body, shapes.ISSUE_NO_STATS);
    expect(back.body.status).toBe('unresolved');
  });
});

describe('events', () => {
  it("lists an issue's events, simple and full", async () => {
    const simple = (await get(`${o()}/issues/${issue.id}/events/`)).body;
    expect(simple).toHaveLength(1);
    expectShape(simple[0], shapes.EVENT);
    expect(simple[0].eventID).toBe(sent.error);
    const full = (await get(`${o()}/issues/${issue.id}/events/?full=true`)).body;
    expectShape(full[0], shapes.EVENT_DETAILS);
  });

  it('the latest event has the entries: the exception with frames innermost last, breadcrumbs, request', async () => {
    const e = (await get(`${o()}/issues/${issue.id}/events/latest/`)).body;
    expectShape(e, shapes.EVENT_DETAILS);
    expect([e.eventID, e.groupID, e.projectID, e.type]).toEqual([
      sent.error,
      issue.id,
      String(project.number),
      'error',
    ]);
    const exception = e.entries.find((x: { type: string }) => x.type === 'exception').data.values.at(-1);
    expectShape(exception, shapes.EXCEPTION);
    expect([exception.type, exception.value]).toEqual(['TypeError', 'Card declined for order A-17']);
    const frames = exception.stacktrace.frames;
    for (const f of frames) expectShape(f, shapes.FRAME);
    // Sentry's order: the throw site last, its caller before it.
    expect(frames.slice(-2).map((f: { function: string }) => f.function)).toEqual(['checkout', 'chargeCard']);
    const throwSite = frames.at(-1);
    expect(throwSite.inApp).toBe(true);
    expect(throwSite.context.find(([line]: [number]) => line === throwSite.lineNo)[1]).toContain('throw new TypeError');
    // Our own event API keeps the frames innermost first: the same frames, reversed.
    const event = await db.event.findFirstOrThrow({ where: { issue: { number: BigInt(issue.id) } } });
    const ours = (event.stacktrace as { frames: { function?: string }[] }).frames.map((f) => f.function ?? null);
    expect(frames.map((f: { function: string | null }) => f.function)).toEqual([...ours].reverse());

    const crumbs = e.entries.find((x: { type: string }) => x.type === 'breadcrumbs').data.values;
    for (const b of crumbs) expectShape(b, shapes.BREADCRUMB);
    expect(crumbs).toContainEqual(
      expect.objectContaining({ category: 'cart', message: 'Added 2 items', level: 'info' }),
    );
    const request = e.entries.find((x: { type: string }) => x.type === 'request').data;
    expectShape(request, shapes.REQUEST);
    expect([request.method, request.url]).toEqual(['POST', 'https://shop.example/checkout']);
    expect(request.query).toEqual([['step', 'pay']]);
    expect(request.headers).toContainEqual(['user-agent', 'Mozilla/5.0 Chrome/120.0']);

    expect(e.tags).toEqual(
      expect.arrayContaining([
        { key: 'checkout', value: 'v2' },
        { key: 'environment', value: 'production' },
        { key: 'level', value: 'error' },
        { key: 'release', value: 'shop@1.2.0' },
      ]),
    );
    expect(e.tags.map((t: { key: string }) => t.key)).toEqual([...e.tags.map((t: { key: string }) => t.key)].sort());
    expect(e.user).toMatchObject({ id: 'u-42', email: 'ada@example.com' });
    expect(e.sdk.name).toBe('sentry.javascript.node');
    expect(e.contexts.trace.trace_id).toBe(sent.traceId);
    expect(e.release).toEqual({ version: 'shop@1.2.0' });
  });

  it('oldest, recommended and the event by id agree; the message event is a default event with its message', async () => {
    const latest = (await get(`${o()}/issues/${issue.id}/events/latest/`)).body;
    for (const which of ['oldest', 'recommended', sent.error])
      expect((await get(`/api/0/issues/${issue.id}/events/${which}/`)).body.eventID, which).toBe(latest.eventID);
    const byProject = (await get(`${p()}/events/${sent.error}/`)).body;
    expectShape(byProject, shapes.EVENT_DETAILS);
    expect(byProject.id).toBe(sent.error);
    expect((await get(`${o()}/events/${project.slug}:${sent.error}/`)).body.id).toBe(sent.error);
    const lookup = (await get(`${o()}/eventids/${sent.error}/`)).body;
    expect([lookup.organizationSlug, lookup.projectSlug, lookup.groupId, lookup.eventId]).toEqual([
      org,
      project.slug,
      issue.id,
      sent.error,
    ]);
    const short = (await get(`${o()}/shortids/${issue.shortId}/`)).body;
    expect([short.groupId, short.shortId, short.projectSlug]).toEqual([issue.id, issue.shortId, project.slug]);
    expectShape(short.group, shapes.ISSUE_NO_STATS);

    const message = (await get(`${p()}/events/${sent.message}/`)).body;
    expect([message.type, message.title, message.metadata]).toEqual([
      'default',
      'Inventory low for SKU 9',
      { title: 'Inventory low for SKU 9' },
    ]);
    expect(message.entries.find((x: { type: string }) => x.type === 'message').data.formatted).toBe(
      'Inventory low for SKU 9',
    );
  });
});

describe('tags', () => {
  it("lists an issue's tags, one key and its values", async () => {
    for (const base of [`${o()}/issues/${issue.id}`, `/api/0/issues/${issue.id}`]) {
      const keys = (await get(`${base}/tags/`)).body;
      for (const k of keys) expectShape(k, shapes.TAG_KEY);
      const key = (await get(`${base}/tags/checkout/`)).body;
      expectShape(key, shapes.TAG_KEY);
      expect([key.key, key.uniqueValues, key.totalValues]).toEqual(['checkout', 1, 1]);
      const values = (await get(`${base}/tags/checkout/values/`)).body;
      expectShape(values[0], shapes.TAG_VALUE);
      expect(values.map((v: { value: string; count: number }) => [v.value, v.count])).toEqual([['v2', 1]]);
    }
  });
});

describe('trace and log search', () => {
  it('the trace is a tree of spans holding the error that happened in them', async () => {
    const roots = (await get(`${o()}/trace/${sent.traceId}/`)).body;
    expect(roots).toHaveLength(1);
    expectShape(roots[0], shapes.TRACE_SPAN);
    expect(roots[0]).toMatchObject({ op: 'http.server', transaction: 'POST /checkout', is_transaction: true });
    // The checkout's error and its warning message both happened in the span.
    expect(roots[0].errors.map((x: { event_id: string }) => x.event_id).sort()).toEqual(
      [sent.error, sent.message].sort(),
    );
    expect(roots[0].errors.find((x: { event_id: string }) => x.event_id === sent.error)).toMatchObject({
      issue: issue.shortId,
      issue_id: Number(issue.id),
      level: 'error',
      title: 'TypeError: Card declined for order A-17',
    });
  });

  it('the logs, errors and spans datasets answer the fields asked for', async () => {
    const fields = ['sentry.item_id', 'trace', 'severity', 'timestamp', 'message', 'order'];
    const logs = (
      await get(
        `${o()}/events/?dataset=logs&${fields.map((f) => `field=${f}`).join('&')}&query=project:${project.slug}&statsPeriod=1d`,
      )
    ).body;
    expect(logs.data).toEqual([
      {
        'sentry.item_id': expect.any(String),
        trace: sent.traceId,
        severity: 'info',
        timestamp: expect.any(String),
        message: 'Charging card',
        order: 'A-17',
      },
    ]);
    expect(logs.meta.fields).toMatchObject({ timestamp: 'date', message: 'string' });
    const errors = (
      await get(`${o()}/events/?dataset=errors&field=id&field=issue&field=level&field=trace&query=level:error`)
    ).body;
    expect(errors.data).toEqual([{ id: sent.error, issue: issue.shortId, level: 'error', trace: sent.traceId }]);
    const spans = (
      await get(
        `${o()}/events/?dataset=spans&field=span.op&field=transaction&field=is_transaction&query=trace:${sent.traceId}`,
      )
    ).body;
    expect(spans.data).toContainEqual({
      'span.op': 'http.server',
      transaction: 'POST /checkout',
      is_transaction: true,
    });
  });
});

describe('usage stats', () => {
  it('stats_v2 answers the outcomes by category and outcome; a category we do not keep is empty', async () => {
    await flushOutcomes();
    const url = `${o()}/stats_v2/?field=sum(quantity)&groupBy=category&groupBy=outcome&statsPeriod=2d&interval=1d`;
    const stats = (await get(url)).body;
    expectShape(stats, { start: 'string', end: 'string', intervals: 'array', groups: 'array' });
    expect(stats.intervals).toHaveLength(2);
    const errors = stats.groups.find((g: { by: Record<string, string> }) => g.by.category === 'error');
    expectShape(errors, { by: 'object', totals: 'object', series: 'object' });
    // The checkout error and the warning message.
    expect([errors.by, errors.totals, errors.series['sum(quantity)'].at(-1)]).toEqual([
      { category: 'error', outcome: 'accepted' },
      { 'sum(quantity)': 2 },
      2,
    ]);
    expect(stats.groups.map((g: { by: { category: string } }) => g.by.category)).toContain('log_item');
    const none = (await get(`${o()}/stats_v2/?field=sum(quantity)&category=profile_duration&statsPeriod=2d`)).body;
    expect(none.groups).toEqual([]);
  });
});
