// The Monitors page's API: list (status, next expected run, recent runs, the issue), create and edit in the
// dashboard, mute, delete.
import { z } from 'zod';
import { clock } from '@/lib/clock';
import { db } from '@/lib/db';
import { AppError, notFound, validationError } from '@/lib/errors';
import type { ProjectTenant } from '@/lib/orgs/resolve-tenant';
import { nextRun, scheduleProblem } from './schedule';

const RECENT_RUNS = 30;

export const monitorParams = z.object({ projectId: z.string().min(1), monitorId: z.string().min(1).max(64) });

const fields = {
  scheduleType: z.enum(['crontab', 'interval'], { message: 'Schedule type must be crontab or interval' }),
  schedule: z.string().trim().min(1, 'Schedule is required').max(100),
  timezone: z.string().trim().min(1).max(64),
  checkinMargin: z.number().int().min(0).max(40_320),
  maxRuntime: z.number().int().min(1).max(40_320),
  failureIssueThreshold: z.number().int().min(1).max(720),
  recoveryThreshold: z.number().int().min(1).max(720),
  muted: z.boolean(),
};

export const createMonitorSchema = z.object({
  slug: z
    .string()
    .trim()
    .min(1, 'Slug is required')
    .max(50)
    .regex(/^[a-zA-Z0-9_-]+$/, 'A monitor slug is letters, digits, - and _'),
  scheduleType: fields.scheduleType,
  schedule: fields.schedule,
  timezone: fields.timezone.default('UTC'),
  checkinMargin: fields.checkinMargin.default(1),
  maxRuntime: fields.maxRuntime.default(30),
  failureIssueThreshold: fields.failureIssueThreshold.default(1),
  recoveryThreshold: fields.recoveryThreshold.default(1),
});
export const updateMonitorSchema = z
  .object(Object.fromEntries(Object.entries(fields).map(([k, v]) => [k, v.optional()])) as { [K in keyof typeof fields]: z.ZodOptional<(typeof fields)[K]> })
  .refine((v) => Object.keys(v).length > 0, { message: 'Nothing to update', path: [] });

type MonitorRow = NonNullable<Awaited<ReturnType<typeof db.monitor.findFirst>>>;
type CheckinRow = { id: string; status: string; durationMs: number | null; environment: string | null; expectedAt: Date | null; startedAt: Date; finishedAt: Date | null };

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
    status: m.status,
    muted: m.muted,
    nextExpectedAt: m.nextExpectedAt?.toISOString() ?? null,
    lastCheckinAt: m.lastCheckinAt?.toISOString() ?? null,
    issueId: m.issueId,
    runs: runs.map((r) => ({
      id: r.id,
      status: r.status,
      durationMs: r.durationMs,
      environment: r.environment,
      expectedAt: r.expectedAt?.toISOString() ?? null,
      startedAt: r.startedAt.toISOString(),
      finishedAt: r.finishedAt?.toISOString() ?? null,
    })),
  };
}

async function withRuns(m: MonitorRow) {
  const runs = await db.monitorCheckin.findMany({ where: { monitorId: m.id }, orderBy: { startedAt: 'desc' }, take: RECENT_RUNS });
  return serialize(m, runs);
}

export async function listMonitors(t: ProjectTenant) {
  const monitors = await db.monitor.findMany({ where: { projectId: t.projectId, project: { orgId: t.orgId } }, orderBy: { slug: 'asc' } });
  return Promise.all(monitors.map(withRuns));
}

export async function createMonitor(t: ProjectTenant, input: z.infer<typeof createMonitorSchema>) {
  const problem = scheduleProblem(input);
  if (problem) throw validationError([{ path: ['schedule'], message: problem }]);
  if (await db.monitor.findUnique({ where: { projectId_slug: { projectId: t.projectId, slug: input.slug } } })) throw new AppError('CONFLICT', `A monitor ${input.slug} exists in this project`);
  const m = await db.monitor.create({ data: { projectId: t.projectId, ...input, nextExpectedAt: nextRun(input, clock.now()) } });
  return withRuns(m);
}

async function monitorOf(t: ProjectTenant, id: string) {
  const m = await db.monitor.findFirst({ where: { id, projectId: t.projectId, project: { orgId: t.orgId } } });
  if (!m) throw notFound('Monitor');
  return m;
}

export async function updateMonitor(t: ProjectTenant, id: string, input: z.infer<typeof updateMonitorSchema>) {
  const m = await monitorOf(t, id);
  const merged = { scheduleType: input.scheduleType ?? m.scheduleType, schedule: input.schedule ?? m.schedule, timezone: input.timezone ?? m.timezone };
  const problem = scheduleProblem(merged);
  if (problem) throw validationError([{ path: ['schedule'], message: problem }]);
  const rescheduled = merged.schedule !== m.schedule || merged.scheduleType !== m.scheduleType || merged.timezone !== m.timezone;
  const updated = await db.monitor.update({ where: { id: m.id }, data: { ...input, ...(rescheduled ? { nextExpectedAt: nextRun(merged, clock.now()) } : {}) } });
  return withRuns(updated);
}

export async function deleteMonitor(t: ProjectTenant, id: string) {
  const m = await monitorOf(t, id);
  await db.monitor.delete({ where: { id: m.id } });
}
