// The Monitors page's API: list (status, next expected run, recent runs, the issue), create and edit in the
// dashboard, mute, delete.
import { z } from 'zod';
import { clock } from '@/lib/clock';
import { db } from '@/lib/db';
import { AppError, notFound, validationError } from '@/lib/errors';
import type { ProjectTenant } from '@/lib/orgs/resolve-tenant';
import { env } from '@/lib/env';
import { RefusedTarget, resolveWebhookTarget } from '@/lib/alerts/webhook-guard';
import { nextRun, saneDate, scheduleProblem, type Schedule } from './schedule';
import { checkinMargin, failureThreshold, maxRuntime, monitorTimezone, recoveryThreshold } from './monitor-schemas';
import { httpUrl } from '@/lib/zod/alerts';

const RECENT_RUNS = 30;

export const monitorParams = z.object({ projectId: z.string().min(1), monitorId: z.string().min(1).max(64) });

const fields = {
  scheduleType: z.enum(['crontab', 'interval'], { message: 'Schedule type must be crontab or interval' }),
  schedule: z.string().trim().min(1, 'Schedule is required').max(100),
  timezone: monitorTimezone,
  checkinMargin,
  maxRuntime,
  failureIssueThreshold: failureThreshold,
  recoveryThreshold,
  muted: z.boolean(),
  // Uptime checks: the URL requested, how long it may take, the status it must answer (null: any 2xx), a keyword.
  url: httpUrl,
  timeoutMs: z
    .number()
    .int()
    .min(1_000, 'Timeout must be 1,000 to 30,000 ms')
    .max(30_000, 'Timeout must be 1,000 to 30,000 ms'),
  expectedStatus: z
    .number()
    .int()
    .min(100, 'An HTTP status is 100 to 599')
    .max(599, 'An HTTP status is 100 to 599')
    .nullable(),
  keyword: z.string().min(1).max(200).nullable(),
};

export const createMonitorSchema = z
  .object({
    slug: z
      .string()
      .trim()
      .min(1, 'Slug is required')
      .max(50)
      .regex(/^[a-zA-Z0-9_-]+$/, 'A monitor slug is letters, digits, - and _'),
    kind: z.enum(['cron', 'uptime'], { message: 'Kind must be cron or uptime' }).default('cron'),
    scheduleType: fields.scheduleType.optional(),
    schedule: fields.schedule.optional(),
    timezone: fields.timezone.default('UTC'),
    checkinMargin: fields.checkinMargin.default(1),
    maxRuntime: fields.maxRuntime.default(30),
    failureIssueThreshold: fields.failureIssueThreshold.default(1),
    recoveryThreshold: fields.recoveryThreshold.default(1),
    url: fields.url.optional(),
    timeoutMs: fields.timeoutMs.default(10_000),
    expectedStatus: fields.expectedStatus.default(null),
    keyword: fields.keyword.default(null),
  })
  .superRefine((v, ctx) => {
    if (v.kind === 'uptime') {
      if (!v.url) ctx.addIssue({ code: 'custom', path: ['url'], message: 'An uptime check needs the URL to request' });
      if (v.scheduleType === 'crontab')
        ctx.addIssue({ code: 'custom', path: ['scheduleType'], message: 'An uptime check runs on an interval' });
      return;
    }
    if (!v.scheduleType)
      ctx.addIssue({ code: 'custom', path: ['scheduleType'], message: 'Schedule type must be crontab or interval' });
    if (!v.schedule) ctx.addIssue({ code: 'custom', path: ['schedule'], message: 'Schedule is required' });
  })
  // An uptime check runs every minute unless told otherwise.
  .transform((v) => ({ ...v, scheduleType: v.scheduleType ?? 'interval', schedule: v.schedule ?? '1 minute' }));
export const updateMonitorSchema = z
  .object(
    Object.fromEntries(Object.entries(fields).map(([k, v]) => [k, v.optional()])) as {
      [K in keyof typeof fields]: z.ZodOptional<(typeof fields)[K]>;
    },
  )
  .refine((v) => Object.keys(v).length > 0, { message: 'Nothing to update', path: [] });

type MonitorRow = NonNullable<Awaited<ReturnType<typeof db.monitor.findFirst>>>;
type CheckinRow = {
  id: string;
  status: string;
  durationMs: number | null;
  environment: string | null;
  expectedAt: Date | null;
  startedAt: Date;
  finishedAt: Date | null;
  detail: string | null;
};

// A row stored before dates were bounded may hold one past year 9999 (or one the driver cannot read): shown as null.
const iso = (d: Date | null) => saneDate(d)?.toISOString() ?? null;

function serialize(m: MonitorRow, runs: CheckinRow[]) {
  return {
    id: m.id,
    slug: m.slug,
    scheduleType: m.scheduleType,
    schedule: m.schedule,
    timezone: m.timezone,
    checkinMargin: m.checkinMargin,
    maxRuntime: m.maxRuntime,
    failureIssueThreshold: m.failureIssueThreshold,
    recoveryThreshold: m.recoveryThreshold,
    kind: m.kind,
    ...(m.kind === 'uptime'
      ? { url: m.url, timeoutMs: m.timeoutMs, expectedStatus: m.expectedStatus, keyword: m.keyword }
      : {}),
    /** When its current incident began (failures past the threshold), or null. */
    incidentSince: iso(m.incidentSince),
    status: m.status,
    muted: m.muted,
    nextExpectedAt: iso(m.nextExpectedAt),
    lastCheckinAt: iso(m.lastCheckinAt),
    issueId: m.issueId,
    runs: runs.map((r) => ({
      id: r.id,
      status: r.status,
      durationMs: r.durationMs,
      environment: r.environment,
      expectedAt: iso(r.expectedAt),
      startedAt: iso(r.startedAt),
      finishedAt: iso(r.finishedAt),
      detail: r.detail,
    })),
  };
}

async function withRuns(m: MonitorRow) {
  const runs = await db.monitorCheckin.findMany({
    where: { monitorId: m.id },
    orderBy: { startedAt: 'desc' },
    take: RECENT_RUNS,
  });
  return serialize(m, runs);
}

export async function listMonitors(t: ProjectTenant) {
  const monitors = await db.monitor.findMany({
    where: { projectId: t.projectId, project: { orgId: t.orgId } },
    orderBy: { slug: 'asc' },
  });
  return Promise.all(monitors.map(withRuns));
}

/** An uptime URL must pass the webhook guard now (it is checked again on every run: DNS can change). */
async function checkUptimeUrl(url: string): Promise<void> {
  try {
    await resolveWebhookTarget(new URL(url), env.webhookAllowPrivate);
  } catch (err) {
    if (err instanceof RefusedTarget) throw validationError([{ path: ['url'], message: err.message }]);
    throw err;
  }
}

export async function createMonitor(t: ProjectTenant, input: z.infer<typeof createMonitorSchema>) {
  checkSchedule(input);
  if (input.kind === 'uptime') await checkUptimeUrl(input.url!);
  else if (input.url) throw validationError([{ path: ['url'], message: 'Only uptime checks have a URL' }]);
  if (await db.monitor.findUnique({ where: { projectId_slug: { projectId: t.projectId, slug: input.slug } } }))
    throw new AppError('CONFLICT', `A monitor ${input.slug} exists in this project`);
  // An uptime check runs at once, then on its interval.
  const m = await db.monitor.create({
    data: {
      projectId: t.projectId,
      ...input,
      nextExpectedAt: input.kind === 'uptime' ? clock.now() : nextRun(input, clock.now()),
    },
  });
  return withRuns(m);
}

/** A schedule with a next run within year 9999, in an IANA time zone; else a 400 naming the field. */
function checkSchedule(s: Schedule): void {
  const problem = scheduleProblem(s, clock.now());
  if (problem) throw validationError([{ path: [problem.field], message: problem.message }]);
}

async function monitorOf(t: ProjectTenant, id: string) {
  const m = await db.monitor.findFirst({ where: { id, projectId: t.projectId, project: { orgId: t.orgId } } });
  if (!m) throw notFound('Monitor');
  return m;
}

export async function updateMonitor(t: ProjectTenant, id: string, input: z.infer<typeof updateMonitorSchema>) {
  const m = await monitorOf(t, id);
  const merged = {
    scheduleType: input.scheduleType ?? m.scheduleType,
    schedule: input.schedule ?? m.schedule,
    timezone: input.timezone ?? m.timezone,
  };
  const rescheduled =
    merged.schedule !== m.schedule || merged.scheduleType !== m.scheduleType || merged.timezone !== m.timezone;
  // Muting or a new margin leaves the schedule as it is, even one stored before schedules were checked.
  if (rescheduled) checkSchedule(merged);
  if (m.kind === 'uptime' && merged.scheduleType !== 'interval')
    throw validationError([{ path: ['scheduleType'], message: 'An uptime check runs on an interval' }]);
  if (input.url !== undefined) {
    if (m.kind !== 'uptime') throw validationError([{ path: ['url'], message: 'Only uptime checks have a URL' }]);
    await checkUptimeUrl(input.url);
  }
  const updated = await db.monitor.update({
    where: { id: m.id },
    data: { ...input, ...(rescheduled ? { nextExpectedAt: nextRun(merged, clock.now()) } : {}) },
  });
  return withRuns(updated);
}

export async function deleteMonitor(t: ProjectTenant, id: string) {
  const m = await monitorOf(t, id);
  await db.monitor.delete({ where: { id: m.id } });
}
