// Uptime checks (#32): a monitor of kind `uptime` is a URL the minute job requests on its interval, through the same
// SSRF guard as webhooks (private and loopback targets refused unless WEBHOOK_ALLOW_PRIVATE=true; the connection goes
// only to the addresses the guard checked). A run is ok when the answer has the expected status (any 2xx when none
// is set; redirects are not followed) and, when a keyword is set, the first MiB of the body contains it. Each run is
// stored with its response time and why it failed; failures and recoveries go through the same incident logic as
// cron monitors (an issue, MONITOR alerts once per incident).
import crypto from 'node:crypto';
import http from 'node:http';
import https from 'node:https';
import { clock } from '@/lib/clock';
import { db } from '@/lib/db';
import { env } from '@/lib/env';
import { pinnedLookup } from '@/lib/alerts/deliver-webhook';
import { RefusedTarget, resolveWebhookTarget } from '@/lib/alerts/webhook-guard';
import { afterRuns, settle, type FailureEvents, type RunResults } from './runs';
import { logger } from '@/lib/log';
import { LATEST_DATE, nextRun, saneDate } from './schedule';

const BODY_LIMIT = 1024 * 1024;
/** Checks run at once per minute job, so a slow target cannot hold the others back for long. */
const CONCURRENCY = 8;

export type UptimeTarget = { url: string; timeoutMs: number; expectedStatus: number | null; keyword: string | null };
export type UptimeResult = { ok: boolean; durationMs: number; detail: string | null };

/** One GET of the target, bounded in time and in the body read. */
export async function checkTarget(t: UptimeTarget): Promise<UptimeResult> {
  const started = performance.now();
  const done = (ok: boolean, detail: string | null): UptimeResult => ({
    ok,
    durationMs: Math.round(performance.now() - started),
    detail,
  });
  const u = new URL(t.url);
  let targets;
  try {
    targets = await resolveWebhookTarget(u, env.webhookAllowPrivate);
  } catch (err) {
    if (err instanceof RefusedTarget) return done(false, err.message);
    throw err;
  }
  return new Promise<UptimeResult>((resolve) => {
    let settled = false;
    const finish = (r: UptimeResult) => {
      if (settled) return;
      settled = true;
      clearTimeout(timer);
      req.destroy();
      resolve(r);
    };
    const client = u.protocol === 'https:' ? https : http;
    const req = client.request(
      u,
      { method: 'GET', lookup: pinnedLookup(targets), headers: { 'user-agent': 'Tracker-Uptime/1', accept: '*/*' } },
      (res) => {
        const status = res.statusCode ?? 0;
        const statusOk = t.expectedStatus !== null ? status === t.expectedStatus : status >= 200 && status < 300;
        if (!statusOk)
          return finish(
            done(false, `HTTP ${status}${t.expectedStatus !== null ? ` (expected ${t.expectedStatus})` : ''}`),
          );
        if (!t.keyword) return finish(done(true, null));
        const keyword = Buffer.from(t.keyword);
        let seen = Buffer.alloc(0);
        res.on('data', (chunk: Buffer) => {
          seen = Buffer.concat([seen, chunk]).subarray(0, BODY_LIMIT);
          if (seen.includes(keyword)) finish(done(true, null));
          else if (seen.length >= BODY_LIMIT) finish(done(false, `Keyword "${t.keyword}" not found in the first MiB`));
        });
        res.on('end', () => finish(done(false, `Keyword "${t.keyword}" not found`)));
        res.on('error', (err) => finish(done(false, `Network error: ${err.message}`)));
      },
    );
    const timer = setTimeout(() => finish(done(false, `Timed out after ${t.timeoutMs} ms`)), t.timeoutMs);
    req.on('error', (err: NodeJS.ErrnoException) => finish(done(false, `Network error: ${err.code ?? err.message}`)));
    req.end();
  });
}

/**
 * The minute job's uptime part: claims every uptime monitor whose check is due (SKIP LOCKED, and its next check moved
 * on in the same statement, so instances racing run each check once), runs the checks a few at a time, and settles
 * each result with the monitor's row locked. Returns the results by monitor id.
 */
export async function runUptimeChecks(events: FailureEvents, now = clock.now()): Promise<Map<string, UptimeResult>> {
  const claimed = await db.$transaction(async (tx) => {
    const due = await tx.$queryRaw<{ id: string }[]>`
      SELECT id FROM monitors WHERE kind = 'uptime' AND (next_expected_at <= ${now} OR next_expected_at > ${LATEST_DATE}) ORDER BY id FOR UPDATE SKIP LOCKED`;
    const monitors = [];
    for (const { id } of due) {
      const m = await tx.monitor.findUniqueOrThrow({ where: { id } });
      await tx.monitor.update({ where: { id }, data: { nextExpectedAt: nextRun(m, now) } });
      monitors.push(m);
    }
    return monitors;
  });
  const results = new Map<string, UptimeResult>();
  let next = 0;
  await Promise.all(
    Array.from({ length: Math.min(CONCURRENCY, claimed.length) }, async () => {
      while (next < claimed.length) {
        const m = claimed[next++];
        // One check that throws (a bad stored URL, a database error) must not cost the others their runs.
        const r = await checkTarget({
          url: m.url ?? '',
          timeoutMs: m.timeoutMs,
          expectedStatus: m.expectedStatus,
          keyword: m.keyword,
        }).catch((err: unknown): UptimeResult => ({
          ok: false,
          durationMs: 0,
          detail: `Check failed: ${err instanceof Error ? err.message : String(err)}`,
        }));
        results.set(m.id, r);
        await recordCheck(events, m.id, saneDate(m.nextExpectedAt) ?? now, now, r).catch((err: unknown) =>
          logger.error({ err, monitorId: m.id }, 'uptime check not recorded'),
        );
      }
    }),
  );
  return results;
}

async function recordCheck(
  events: FailureEvents,
  monitorId: string,
  expectedAt: Date,
  at: Date,
  r: UptimeResult,
): Promise<void> {
  const outcome: RunResults | null = await db.$transaction(async (tx) => {
    const rows = await tx.$queryRaw<{ id: string }[]>`SELECT id FROM monitors WHERE id = ${monitorId} FOR UPDATE`;
    if (!rows[0]) return null;
    const monitor = await tx.monitor.findUniqueOrThrow({ where: { id: monitorId } });
    const runId = crypto.randomUUID().replace(/-/g, '');
    await tx.monitorCheckin.create({
      data: {
        id: runId,
        monitorId,
        status: r.ok ? 'ok' : 'error',
        durationMs: r.durationMs,
        detail: r.detail,
        expectedAt,
        startedAt: at,
        finishedAt: new Date(at.getTime() + r.durationMs),
      },
    });
    return settle(tx, monitor, {
      id: runId,
      startedAt: at,
      status: r.ok ? 'ok' : 'error',
      at,
      extra: { lastCheckinAt: at },
      detail: r.detail,
    });
  });
  if (outcome) await afterRuns(events, outcome);
}
