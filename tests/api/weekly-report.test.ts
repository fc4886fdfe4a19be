// The weekly report email (#49): a project with events last week and the week before (some from the real
// @sentry/node), a regression and sessions; the report sent by the scheduled job's per-project run and by the API,
// read back from the outbox: its figures, its links, and its inline chart decoded pixel by pixel. Each person gets it
// once per week however often the job runs, one who turned it off gets none, another organization's project is 404.
import * as Sentry from '@sentry/node';
import { PNG } from 'pngjs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { db } from '@/lib/db';
import { pool } from '@/lib/pg';
import { getBoss, stopJobs } from '@/lib/jobs/boss';
import { LAST_WEEK_COLOR, THIS_WEEK_COLOR } from '@/lib/reports/weekly-chart';
import { lastCompleteWeek } from '@/lib/reports/weekly-report';
import { runWeeklyReportJob } from '@/lib/reports/weekly-report-job';
import { JOBS, startJob } from '@/lib/boot/jobs';
import { QUEUES } from '@/lib/jobs/queues';
import type { OutboxMessage } from '@/lib/email/outbox';
import { outboxFor, signUp } from '../support/accounts';
import { createProject } from '../support/fixtures';
import { inviteAndJoin } from '../support/teams';
import { errorEnvelope, send } from './ingest-helpers';
import { startSentryServer } from './sentry-server';

const DAY = 86_400_000;
const HOUR = 3_600_000;
const week = lastCompleteWeek(new Date());
const weekStart = week.toISOString().slice(0, 10);
const prev = new Date(week.getTime() - 7 * DAY);
/** Noon (or `hour`) UTC of day `d` (0 = Monday) of the week starting at `start`. */
const at = (start: Date, d: number, hour = 12) => start.getTime() + d * DAY + hour * HOUR;

// Events per day of the report's week and the week before, from the issues below.
const THIS_WEEK = [3, 1, 4, 1, 2, 5, 1];
const LAST_WEEK = [2, 0, 1, 1, 0, 0, 1];

let server: Awaited<ReturnType<typeof startSentryServer>>;
let owner: Awaited<ReturnType<typeof signUp>>;
let project: Awaited<ReturnType<typeof createProject>>;
let member: Awaited<ReturnType<typeof inviteAndJoin>>;
let quitter: Awaited<ReturnType<typeof inviteAndJoin>>;
const ids: Record<'checkout' | 'search' | 'cart' | 'login', string> = { checkout: '', search: '', cart: '', login: '' };
let sentryTimestamp = 0;

function searchFailed(): never {
  throw new RangeError('search index out of range');
}

/** One error event of group `group` (its own exception type) at `ts`, through the native ingest route. */
async function event(group: string, ts: number) {
  const res = await send({
    client: owner.client,
    projectId: project.id,
    key: project.keys[0].publicKey,
    body: errorEnvelope({
      fingerprint: [group],
      exception: {
        ...errorEnvelope().exception,
        type: `${group[0].toUpperCase()}${group.slice(1)}Error`,
        value: `${group} failed`,
      },
      timestamp: ts,
    }),
  });
  expect(res.status, res.text).toBe(200);
}

async function sessions(started: number, exited: number, crashed: number) {
  const body = [
    JSON.stringify({}),
    JSON.stringify({ type: 'sessions' }),
    JSON.stringify({
      aggregates: [{ started: new Date(started).toISOString(), exited, crashed }],
      attrs: { release: 'shop@1.0.0', environment: 'production' },
    }),
  ].join('\n');
  const res = await owner.client.post(`/api/${project.number}/envelope/?sentry_key=${project.keys[0].publicKey}`, body);
  expect(res.status, res.text).toBe(200);
}

const issueId = async (title: string) =>
  (await db.issue.findFirstOrThrow({ where: { projectId: project.id, title }, select: { id: true } })).id;

beforeAll(async () => {
  owner = await signUp({ name: 'Owner' });
  project = await createProject(owner.client, 'Storefront', 'node');
  member = await inviteAndJoin(owner.client, 'MEMBER', 'Member');
  quitter = await inviteAndJoin(owner.client, 'MEMBER', 'Quitter');

  // "search": new this week, from the real @sentry/node; each event's time set before it is sent.
  server = await startSentryServer();
  const sentryDsn = (project.keys[0] as (typeof project.keys)[0] & { sentryDsn: string }).sentryDsn;
  Sentry.init({
    dsn: server.dsn(sentryDsn),
    release: 'shop@1.0.0',
    defaultIntegrations: false,
    beforeSend: (e) => ({ ...e, timestamp: sentryTimestamp / 1000 }),
  });
  for (const [d, n] of [
    [0, 1],
    [1, 1],
    [2, 1],
    [4, 2],
    [5, 1],
    [6, 1],
  ])
    for (let i = 0; i < n; i++) {
      sentryTimestamp = at(week, d, 10 + i);
      try {
        searchFailed();
      } catch (err) {
        Sentry.captureException(err);
      }
      expect(await Sentry.flush(5000)).toBe(true);
    }
  expect(server.received.filter((r) => r.itemTypes.includes('event')).map((r) => r.status)).toEqual(Array(7).fill(200));

  // "checkout": first seen the week before; 4 events then, 9 in the week, and one in the current week (not counted).
  for (const d of [0, 0, 2, 6]) await event('checkout', at(prev, d));
  for (const d of [0, 0, 2, 2, 2, 5, 5, 5, 5]) await event('checkout', at(week, d));
  await event('checkout', Date.now());
  // "login": new the week before.
  await event('login', at(prev, 3));
  // "cart": first seen three weeks before, resolved, back on Thursday of the week: a regression.
  await event('cart', at(prev, 0) - 7 * DAY);
  ids.cart = await issueId('CartError: cart failed');
  const resolved = await owner.client.patch(`/api/v1/projects/${project.id}/issues/${ids.cart}`, {
    status: 'RESOLVED',
  });
  expect(resolved.status, resolved.text).toBe(200);
  await event('cart', at(week, 3));
  // It regressed now (when the event arrived): moved to the event's day, as if the test had run then.
  const cart = await db.issue.update({ where: { id: ids.cart }, data: { regressedAt: new Date(at(week, 3)) } });
  expect(cart.status).toBe('UNRESOLVED');
  ids.checkout = await issueId('CheckoutError: checkout failed');
  ids.login = await issueId('LoginError: login failed');
  ids.search = await issueId('RangeError: search index out of range');

  // Sessions: 200 in the week (3 crashed), 100 the week before (4 crashed), and some older ones not counted.
  await sessions(at(week, 1), 197, 3);
  await sessions(at(prev, 4), 96, 4);
  await sessions(at(prev, 4) - 7 * DAY, 10, 10);

  // The quitter turns the weekly report off.
  const off = await quitter.client.request('PUT', '/api/v1/account/weekly-report', { body: { enabled: false } });
  expect(off.status, off.text).toBe(200);
  expect((await quitter.client.get('/api/v1/account/weekly-report')).body.data).toEqual({ enabled: false });
  expect((await member.client.get('/api/v1/account/weekly-report')).body.data).toEqual({ enabled: true });
}, 120_000);

afterAll(async () => {
  await Sentry.close(2000);
  await server?.close();
  await stopJobs();
});

/** Per bar of `color`, left to right: its height in pixels (the column count of that colour, bars 1 px apart or more). */
function barHeights(png: PNG, color: readonly number[]): number[] {
  const bars: number[] = [];
  let inBar = false;
  for (let x = 0; x < png.width; x++) {
    let n = 0;
    for (let y = 0; y < png.height; y++) {
      const i = (y * png.width + x) << 2;
      if (png.data[i] === color[0] && png.data[i + 1] === color[1] && png.data[i + 2] === color[2]) n++;
    }
    if (n > 0 && !inBar) bars.push(n);
    else if (n > 0) bars[bars.length - 1] = Math.max(bars[bars.length - 1], n);
    inBar = n > 0;
  }
  return bars;
}

function expectReport(msg: OutboxMessage) {
  expect(msg.subject).toBe(`[Storefront] Weekly report, week of ${weekStart}`);
  const data = msg.data as Record<string, any>;
  expect(data.weekStart).toBe(weekStart);
  expect(data.events.days.map((d: { count: number }) => d.count)).toEqual(THIS_WEEK);
  expect(data.events.days.map((d: { previous: number }) => d.previous)).toEqual(LAST_WEEK);
  expect(data.events).toMatchObject({ total: 17, previous: 5 });
  expect(data.newIssues).toMatchObject({ count: 1, previous: 2 });
  expect(data.newIssues.issues.map((i: { id: string }) => i.id)).toEqual([ids.search]);
  expect(data.regressedIssues).toMatchObject({ count: 1, previous: 0 });
  expect(data.regressedIssues.issues.map((i: { id: string }) => i.id)).toEqual([ids.cart]);
  expect(data.topIssues.map((i: { id: string; events: number }) => [i.id, i.events])).toEqual([
    [ids.checkout, 9],
    [ids.search, 7],
    [ids.cart, 1],
  ]);
  expect(data.crashFreeSessions).toEqual({ rate: 98.5, previous: 96, sessions: 200 });

  // The HTML: figures with their change, links to each issue, the chart inline.
  const issueUrl = (id: string) => `http://localhost:3000/projects/${project.id}/issues/${id}`;
  for (const id of [ids.checkout, ids.search, ids.cart]) expect(msg.html).toContain(`href="${issueUrl(id)}"`);
  expect(msg.html).toContain('src="cid:weekly-chart"');
  expect(msg.text).toContain('▲ 12 from 5');
  expect(msg.text).toContain('98.50 %');
  expect(msg.text).toContain('▲ 2.5 % from 96 %');
  expect(msg.text).toContain('▼ 1 from 2');
  expect(msg.text).toContain('▲ 1 from 0');

  // The chart: a PNG of the expected size whose bars are as tall as their counts.
  expect(msg.attachments).toHaveLength(1);
  const [chart] = msg.attachments!;
  expect(chart).toMatchObject({ contentType: 'image/png', contentId: 'weekly-chart', filename: 'events-per-day.png' });
  const png = PNG.sync.read(Buffer.from(chart.content, 'base64'));
  expect([png.width, png.height]).toEqual([1024, 400]);
  const current = barHeights(png, THIS_WEEK_COLOR);
  const last = barHeights(png, LAST_WEEK_COLOR);
  expect(current).toHaveLength(7);
  expect(last).toHaveLength(LAST_WEEK.filter((n) => n > 0).length);
  // Every bar is in proportion to the tallest (5 events), to a pixel.
  const full = Math.max(...current);
  current.forEach((h, i) => expect(Math.abs(h - (full * THIS_WEEK[i]) / 5)).toBeLessThanOrEqual(1));
  LAST_WEEK.filter((n) => n > 0).forEach((n, i) => expect(Math.abs(last[i] - (full * n) / 5)).toBeLessThanOrEqual(1));
  expect(new Set(current).size).toBe(5);
}

describe('weekly report', () => {
  it("Monday's run queues one job per project for the week that just ended", async () => {
    // No worker runs yet: the jobs are read back, then removed (other test files' projects are among them).
    const before = await db.project.findMany({ select: { id: true } });
    await runWeeklyReportJob({});
    const { rows } = await pool().query<{ data: { projectId: string; week: string } }>(
      `SELECT data FROM pgboss.job WHERE name = 'weekly-report' AND state = 'created'`,
    );
    await pool().query(`DELETE FROM pgboss.job WHERE name = 'weekly-report' AND state = 'created'`);
    const queued = new Map(rows.map((r) => [r.data.projectId, r.data.week]));
    expect(queued.size).toBe(rows.length);
    for (const p of before) expect(queued.get(p.id), p.id).toBe(weekStart);
  });

  it('is scheduled for Mondays at 09:00 UTC', async () => {
    await startJob(QUEUES.weeklyReport);
    const schedules = await (await getBoss()).getSchedules();
    expect(schedules.find((s) => s.name === 'weekly-report')).toMatchObject({
      cron: '0 9 * * 1',
      timezone: 'UTC',
    });
    expect(JOBS.find((j) => j.queue === QUEUES.weeklyReport)?.cron?.()).toBe('0 9 * * 1');
  });

  it("the job's run for the project: each member once however often it runs, none to who turned it off", async () => {
    // Two instances at once, then a retry.
    await Promise.all([
      runWeeklyReportJob({ projectId: project.id, week: weekStart }),
      runWeeklyReportJob({ projectId: project.id, week: weekStart }),
    ]);
    await runWeeklyReportJob({ projectId: project.id, week: weekStart });
    expect(outboxFor(owner.email, 'weekly-report')).toHaveLength(1);
    expect(outboxFor(member.email, 'weekly-report')).toHaveLength(1);
    expect(outboxFor(quitter.email, 'weekly-report')).toHaveLength(0);
    expectReport(outboxFor(member.email, 'weekly-report')[0]);
    expect(
      await db.weeklyReportDelivery.count({
        where: { projectId: project.id, week: new Date(`${weekStart}T00:00:00Z`) },
      }),
    ).toBe(2);
  });

  it('a run whose email fails keeps no claim, so the retry sends it', async () => {
    const earlier = prev.toISOString().slice(0, 10);
    const subject = `[Storefront] Weekly report, week of ${earlier}`;
    // Mail through an SMTP server that is not there: the first email fails, the job throws for pg-boss to retry.
    process.env.SMTP_URL = 'smtp://127.0.0.1:9';
    try {
      await expect(runWeeklyReportJob({ projectId: project.id, week: earlier })).rejects.toThrow(/ECONNREFUSED/);
    } finally {
      delete process.env.SMTP_URL;
    }
    expect(await db.weeklyReportDelivery.count({ where: { projectId: project.id, week: prev } })).toBe(0);
    await runWeeklyReportJob({ projectId: project.id, week: earlier });
    for (const email of [owner.email, member.email])
      expect(outboxFor(email, 'weekly-report').filter((m) => m.subject === subject)).toHaveLength(1);
    expect(outboxFor(quitter.email, 'weekly-report').filter((m) => m.subject === subject)).toHaveLength(0);
    expect(await db.weeklyReportDelivery.count({ where: { projectId: project.id, week: prev } })).toBe(2);
  });

  it('POST …/weekly-report sends it to the caller now, for the last full week or the week of a date', async () => {
    const before = outboxFor(quitter.email, 'weekly-report').length;
    const res = await quitter.client.post(`/api/v1/projects/${project.id}/weekly-report`);
    expect(res.status, res.text).toBe(200);
    expect(res.body).toMatchObject({
      statusCode: 200,
      status: 'success',
      message: 'Weekly report sent',
      data: { to: quitter.email, weekStart, events: { total: 17, previous: 5 } },
    });
    const sent = outboxFor(quitter.email, 'weekly-report');
    expect(sent).toHaveLength(before + 1);
    expectReport(sent.at(-1)!);

    // Any day of a week names that week: Sunday of the week before gives that week's report.
    const earlier = await owner.client.post(`/api/v1/projects/${project.id}/weekly-report`, {
      week: new Date(at(prev, 6)).toISOString().slice(0, 10),
    });
    expect(earlier.status, earlier.text).toBe(200);
    expect(earlier.body.data).toMatchObject({
      weekStart: prev.toISOString().slice(0, 10),
      events: { total: 5, previous: 1 },
      newIssues: { count: 2, previous: 1 },
      crashFreeSessions: { rate: 96, previous: 50, sessions: 100 },
    });
  });

  it.each([
    ['not a date', { week: 'last monday' }, 'Week must be a date (YYYY-MM-DD)'],
    ['an impossible date', { week: '2026-02-30' }, 'Week must be a date (YYYY-MM-DD)'],
    ['no such month', { week: '2026-13-45' }, 'Week must be a date (YYYY-MM-DD)'],
    ['a number', { week: 20261123 }, 'Week must be a date (YYYY-MM-DD)'],
    ['a week not begun', { week: '2999-01-04' }, 'Week must not be in the future'],
  ])('%s: 400 naming the field', async (_label, body, message) => {
    const res = await owner.client.post(`/api/v1/projects/${project.id}/weekly-report`, body);
    expect(res.status).toBe(400);
    expect(res.body).toMatchObject({ statusCode: 400, status: 'failed', message: 'Validation error' });
    expect(res.body.error).toEqual([{ path: ['week'], message }]);
  });

  it('PUT /api/v1/account/weekly-report wants a boolean', async () => {
    const res = await member.client.request('PUT', '/api/v1/account/weekly-report', { body: { enabled: 'no' } });
    expect(res.status).toBe(400);
    expect(res.body.error).toEqual([{ path: ['enabled'], message: 'Enabled must be true or false' }]);
  });

  it("another organization's project is 404 and sends nothing", async () => {
    const stranger = await signUp({ name: 'Stranger' });
    const res = await stranger.client.post(`/api/v1/projects/${project.id}/weekly-report`);
    expect(res.status).toBe(404);
    expect(res.body).toMatchObject({ statusCode: 404, status: 'failed' });
    expect(outboxFor(stranger.email, 'weekly-report')).toHaveLength(0);
  });
});
