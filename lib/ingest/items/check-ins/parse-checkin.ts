// Sentry's `check_in` item (and the plain HTTP check-in's query), validated.
import { z } from 'zod';
import type { FieldIssue } from '@/lib/errors';
import type { Path } from '@/lib/envelope/validate-envelope';
import type { JsonObject } from '@/lib/envelope/parse-envelope';
import { controlCharacterIssues } from '@/lib/text/control-characters';
import {
  checkinDuration,
  checkinMargin,
  failureThreshold,
  maxRuntime,
  monitorTimezone,
  recoveryThreshold,
} from '@/lib/monitors/monitor-schemas';
import { INTERVAL_UNITS, MESSAGES, scheduleProblem } from '@/lib/monitors/schedule';
import { CHECKIN_STATUSES, type CheckIn, type MonitorConfig } from '@/lib/monitors/types';

const slug = z
  .string()
  .trim()
  .min(1)
  .max(50)
  .regex(/^[a-zA-Z0-9_-]+$/, 'A monitor slug is letters, digits, - and _');

const configSchema = z.object({
  schedule: z.discriminatedUnion(
    'type',
    [
      z.object({ type: z.literal('crontab'), value: z.string().min(1, 'Schedule is required').max(100) }),
      z.object({
        type: z.literal('interval'),
        value: z
          .number({ message: MESSAGES.interval })
          .int(MESSAGES.interval)
          .positive(MESSAGES.interval)
          .max(1_000_000, MESSAGES.intervalRange),
        unit: z.enum(INTERVAL_UNITS, { message: MESSAGES.interval }),
      }),
    ],
    { message: 'A schedule is { type: "crontab", value } or { type: "interval", value, unit }' },
  ),
  checkin_margin: checkinMargin.nullish(),
  max_runtime: maxRuntime.nullish(),
  timezone: monitorTimezone.nullish(),
  failure_issue_threshold: failureThreshold.nullish(),
  recovery_threshold: recoveryThreshold.nullish(),
});

const checkInSchema = z.object({
  check_in_id: z.string().min(1).max(64),
  monitor_slug: slug,
  status: z.enum(CHECKIN_STATUSES, { message: 'Status must be in_progress, ok or error' }),
  duration: checkinDuration.nullish(),
  environment: z.string().max(64).nullish(),
  monitor_config: configSchema.nullish(),
});

function configOf(c: z.infer<typeof configSchema>): MonitorConfig {
  const schedule = c.schedule.type === 'crontab' ? c.schedule.value.trim() : `${c.schedule.value} ${c.schedule.unit}`;
  return {
    scheduleType: c.schedule.type,
    schedule,
    timezone: c.timezone || 'UTC',
    checkinMargin: c.checkin_margin ?? undefined,
    maxRuntime: c.max_runtime ?? undefined,
    failureIssueThreshold: c.failure_issue_threshold ?? undefined,
    recoveryThreshold: c.recovery_threshold ?? undefined,
  };
}

/** RFC 3339 with a zone (Python's and Ruby's event timestamps), or seconds since the epoch (Sentry's numbers). */
function timeOf(v: unknown): Date | null {
  const ms =
    typeof v === 'number'
      ? v * 1000
      : typeof v === 'string' && /^\d{4}-\d{2}-\d{2}T[\d:.]+(Z|[+-]\d{2}:?\d{2})$/i.test(v)
        ? Date.parse(v)
        : NaN;
  return Number.isFinite(ms) ? new Date(ms) : null;
}

/**
 * A `check_in` item. `sentAt` is its envelope header's `sent_at`: Sentry's check-in has no time of its own, but the
 * JavaScript and Go SDKs stamp each envelope when they make it, and Python and Ruby give the check-in a `timestamp`.
 * A time that cannot be read is left out (the arrival counts), never a reason to refuse the run.
 */
export function parseCheckIn(payload: JsonObject, path: Path, sentAt?: unknown): CheckIn | FieldIssue[] {
  const r = checkInSchema.safeParse(payload);
  if (!r.success)
    return r.error.issues.map((i) => ({
      path: [...path, ...i.path.map((p) => (typeof p === 'number' ? p : String(p)))],
      message: i.message,
    }));
  const c = r.data;
  // What is stored (the id, the environment, the schedule) holds no NUL or other control character.
  const control = controlCharacterIssues(c, [...path]);
  if (control.length > 0) return control;
  const config = c.monitor_config ? configOf(c.monitor_config) : null;
  const problem = config ? scheduleProblem(config) : null;
  if (problem) return [{ path: [...path, 'monitor_config', problem.field], message: problem.message }];
  return {
    id: c.check_in_id.toLowerCase(),
    slug: c.monitor_slug,
    status: c.status,
    durationMs: c.duration == null ? null : Math.round(c.duration * 1000),
    environment: c.environment ?? null,
    config,
    sentAt: timeOf(payload.timestamp) ?? timeOf(sentAt),
  };
}
