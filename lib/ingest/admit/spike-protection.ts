// Spike protection (#30): a project sending errors far above its usual rate is throttled before it burns the
// organization's monthly quota. The cap is SPIKE_PROTECTION_MULTIPLIER (10) times the project's average rate over
// the last day, at least SPIKE_PROTECTION_MIN_PER_MINUTE (100); it is enforced by a shared bucket in PostgreSQL, so
// it holds across instances. A project younger than a day has no baseline and no guard. Owners and admins get one
// email an hour while it drops events; the Stats page counts them (rate_limited, spike_protection).
import { createElement } from 'react';
import { clock } from '@/lib/clock';
import { db } from '@/lib/db';
import { env } from '@/lib/env';
import { logger } from '@/lib/log';
import { pool } from '@/lib/pg';
import { withDbRetry } from '@/lib/db-retry';
// Raw SQL: the ingest hot path; the notification is claimed by one conditional UPDATE.
import { sendEmail } from '@/lib/email/send-email';
import SpikeEmail from '@/emails/spike-email';
import { perMinuteShape, reserveIngestTokens } from './rate-limit';
import type { IngestKey } from '@/lib/ingest/admit/resolve-key';

const DAY_MS = 24 * 60 * 60_000;
const CAP_TTL_MS = 5 * 60_000;
// The minutes just past are the spike itself: the baseline stops short of them.
const RECENT_MINUTES = 5;
const multiplier = () => Number(process.env.SPIKE_PROTECTION_MULTIPLIER ?? 10);
const floorPerMinute = () => Number(process.env.SPIKE_PROTECTION_MIN_PER_MINUTE ?? 100);

type Cap = { cap: number; baseline: number };
const g = globalThis as unknown as { trackerSpikeCaps?: Map<string, { value: Cap; until: number }> };
const caps = (g.trackerSpikeCaps ??= new Map());

/** The project's cap in errors a minute and its baseline, or null without a guard (off, or no day of history). */
/** Whether the guard applies: on for the project, and a day of history to take the baseline from. */
const guarded = (key: Pick<IngestKey, 'spikeProtection' | 'projectCreatedAt'>, now: number) =>
  key.spikeProtection && now - key.projectCreatedAt.getTime() >= DAY_MS;

export async function spikeCap(
  key: Pick<IngestKey, 'projectId' | 'spikeProtection' | 'projectCreatedAt'>,
): Promise<Cap | null> {
  const now = clock.now().getTime();
  if (!guarded(key, now)) return null;
  const hit = caps.get(key.projectId);
  if (hit && hit.until > now) return hit.value;
  const until = new Date(now - RECENT_MINUTES * 60_000);
  const { rows } = await withDbRetry(
    () =>
      pool().query<{ n: string }>(
        'SELECT coalesce(sum(count), 0) AS n FROM project_minute_counts WHERE project_id = $1 AND minute >= $2 AND minute < $3',
        [key.projectId, new Date(now - DAY_MS), until],
      ),
    { ambiguous: 'retry', what: 'spike baseline' },
  );
  const baseline = Number(rows[0].n) / (24 * 60 - RECENT_MINUTES);
  const value = {
    cap: Math.max(floorPerMinute(), Math.ceil(multiplier() * baseline)),
    baseline: Math.round(baseline * 10) / 10,
  };
  if (caps.size >= 10_000) caps.clear();
  caps.set(key.projectId, { value, until: now + CAP_TTL_MS });
  return value;
}

/**
 * Takes `count` error events from the project's spike bucket; false (and the owners told, once an hour) when over.
 * Synchronously true when no guard applies, so unguarded requests keep their arrival order into the group commit.
 */
export function spikeAllows(key: IngestKey, count: number): true | Promise<boolean> {
  if (count === 0 || !guarded(key, clock.now().getTime())) return true;
  return takeFromSpikeBucket(key, count);
}

async function takeFromSpikeBucket(key: IngestKey, count: number): Promise<boolean> {
  const cap = await spikeCap(key);
  if (!cap) return true;
  if (await reserveIngestTokens(`spike:${key.projectId}`, count, perMinuteShape(cap.cap))) return true;
  void notifyOwners(key.projectId, cap).catch((err) =>
    logger.warn({ err: (err as Error).message, projectId: key.projectId }, 'spike email not sent'),
  );
  return false;
}

/** One email an hour per project, across instances: the conditional update picks the one sender. */
async function notifyOwners(projectId: string, cap: Cap): Promise<void> {
  const now = clock.now();
  const { rows } = await pool().query<{ name: string; org_id: string }>(
    `UPDATE projects SET spike_notified_at = $2 WHERE id = $1 AND (spike_notified_at IS NULL OR spike_notified_at < $3) RETURNING name, org_id`,
    [projectId, now, new Date(now.getTime() - 60 * 60_000)],
  );
  if (!rows[0]) return;
  const members = await db.membership.findMany({
    where: { orgId: rows[0].org_id, role: { in: ['OWNER', 'ADMIN'] } },
    select: { user: { select: { email: true } } },
  });
  const statsUrl = `${env.appUrl}/projects/${projectId}/stats`;
  const props = { projectName: rows[0].name, capPerMinute: cap.cap, baselinePerMinute: cap.baseline, statsUrl };
  for (const m of members) {
    await sendEmail({
      to: m.user.email,
      subject: `Spike protection is dropping events of ${rows[0].name}`,
      template: 'spike',
      data: props,
      element: createElement(SpikeEmail, props),
    });
  }
}
