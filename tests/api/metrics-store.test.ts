// #61: the metrics store over time. Folding the waiting rollup rows changes no answer; retention keeps raw points 7
// days (FREE) or 14 (PRO), minute rollups 14 or 30, hour rollups the plan's event retention, and drops series left
// without rollups; a deleted project's points, rollups, series and stream states go with it, another project's stay;
// an OTLP exporter's repeated cumulative export is refused as a repeat, not counted twice.
import { describe, expect, it } from 'vitest';
import { pool } from '@/lib/pg';
import { readMetricRollups } from '@/lib/metrics-store';
import { foldMetricRollups } from '@/lib/metrics-store/rollup-fold';
import { purgeOldData } from '@/lib/retention/purge-old-data';
import { signUp } from '../support/accounts';
import { outcomeRows } from '../support/outcome-rows';
import { createProject, setPlan } from '../support/fixtures';
import { metricRollupMismatches } from '../support/metric-recount';
import { otlpExport, exportAnswer, type MetricSpec } from '../support/otlp-exports';
import { handleOtlp } from '@/lib/ingest/protocols/otlp/handle-otlp';

type Session = Awaited<ReturnType<typeof signUp>>;
type Project = Awaited<ReturnType<typeof createProject>>;

const metric = (name: string, value: number, region = 'eu') => ({
  timestamp: Date.now() / 1000,
  name,
  type: 'distribution',
  unit: 'millisecond',
  value,
  attributes: { region: { type: 'string', value: region }, 'user.id': { type: 'string', value: `u-${value}` } },
});

async function send(s: Session, p: Project, items: object[]) {
  const payload = JSON.stringify({ version: 2, items });
  const body = `{}\n${JSON.stringify({ type: 'trace_metric', length: Buffer.byteLength(payload) })}\n${payload}\n`;
  const res = await s.client.post(`/api/${p.number}/envelope/?sentry_key=${p.keys[0].publicKey}`, body);
  expect(res.status, res.text).toBe(200);
}

async function project(plan: 'FREE' | 'PRO') {
  const s = await signUp();
  await setPlan(s.orgId, plan);
  const p = await createProject(s.client, `${plan} shop`);
  return { s, p };
}

const count = async (sql: string, params: unknown[]) => Number((await pool().query(sql, params)).rows[0].n);
const rowsOf = async (p: Project) => ({
  points: await count('SELECT count(*) AS n FROM metric_points WHERE project = $1', [p.number]),
  minutes: await count('SELECT count(*) AS n FROM metric_minutes WHERE project = $1', [p.number]),
  hours: await count('SELECT count(*) AS n FROM metric_hours WHERE project = $1', [p.number]),
  pending: await count('SELECT count(*) AS n FROM metric_rollup_pending WHERE project = $1', [p.number]),
  series: await count('SELECT count(*) AS n FROM metric_series WHERE project_id = $1', [p.id]),
  streams: await count('SELECT count(*) AS n FROM metric_streams WHERE project = $1', [p.number]),
});

/** Moves a project's metrics `days` into the past: receipt, time and rollup buckets alike. */
async function age(p: Project, days: number) {
  const shift = `interval '${days} days'`;
  await foldMetricRollups();
  await pool().query(
    `UPDATE metric_points SET received_at = received_at - ${shift}, timestamp = timestamp - ${shift} WHERE project = $1`,
    [p.number],
  );
  await pool().query(`UPDATE metric_minutes SET minute = minute - ${shift} WHERE project = $1`, [p.number]);
  await pool().query(`UPDATE metric_hours SET hour = hour - ${shift} WHERE project = $1`, [p.number]);
  await pool().query(`UPDATE metric_series SET last_seen = last_seen - ${days} WHERE project_id = $1`, [p.id]);
}

describe('the rollup fold', () => {
  it('changes no answer: the waiting rows are read beside the folded ones', async () => {
    const { s, p } = await project('PRO');
    await send(s, p, [metric('api.latency', 10), metric('api.latency', 30, 'us'), metric('api.latency', 20)]);
    await send(s, p, [metric('api.latency', 40)]);
    const scope = { orgId: s.orgId, projectIds: [p.id] };
    const read = (intervalSeconds: number) => {
      const hour = 3_600_000;
      const from = new Date(Math.floor(Date.now() / hour) * hour - hour);
      return readMetricRollups(scope, {
        name: 'api.latency',
        from,
        to: new Date(from.getTime() + 3 * hour),
        intervalSeconds,
        groupBy: ['region'],
        sketch: true,
      });
    };
    expect((await rowsOf(p)).pending).toBeGreaterThan(0);
    const before = [await read(60), await read(3600)];
    expect(before[1].map((b) => [b.group, b.count, b.sum, b.min, b.max]).sort()).toEqual([
      [['eu'], 3, 70, 10, 40],
      [['us'], 1, 30, 30, 30],
    ]);
    expect(await foldMetricRollups()).toBeGreaterThan(0);
    expect(await rowsOf(p)).toMatchObject({ pending: 0, minutes: expect.any(Number), hours: 2 });
    expect([await read(60), await read(3600)]).toEqual(before);
    expect(await metricRollupMismatches([p.number])).toEqual([]);
  });
});

describe('metrics retention', () => {
  it('keeps raw points, minute and hour rollups and series for each plan their own time', async () => {
    const free = await project('FREE');
    const pro = await project('PRO');
    for (const x of [free, pro]) await send(x.s, x.p, [metric('api.latency', 5)]);
    // 10 days old: past FREE's points (7), within PRO's (14); both keep their minutes (14, 30) and hours.
    for (const x of [free, pro]) await age(x.p, 10);
    await purgeOldData();
    expect(await rowsOf(free.p)).toMatchObject({ points: 0, minutes: 1, hours: 1, series: 1 });
    expect(await rowsOf(pro.p)).toMatchObject({ points: 1, minutes: 1, hours: 1, series: 1 });
    // 20 days: PRO's points go, FREE's minutes (14) go, PRO's minutes (30) stay.
    for (const x of [free, pro]) await age(x.p, 10);
    await purgeOldData();
    expect(await rowsOf(free.p)).toMatchObject({ points: 0, minutes: 0, hours: 1, series: 1 });
    expect(await rowsOf(pro.p)).toMatchObject({ points: 0, minutes: 1, hours: 1, series: 1 });
    // 35 days: FREE's hours (30 days, as its events) go and its series with them; PRO keeps its hours (90).
    for (const x of [free, pro]) await age(x.p, 15);
    await purgeOldData();
    expect(await rowsOf(free.p)).toMatchObject({ points: 0, minutes: 0, hours: 0, series: 0 });
    expect(await rowsOf(pro.p)).toMatchObject({ points: 0, minutes: 0, hours: 1, series: 1 });
  });
});

describe('a deleted project', () => {
  it('takes its points, rollups, series and stream states with it; another project keeps its own', async () => {
    const { s, p } = await project('PRO');
    const kept = await createProject(s.client, 'Kept');
    for (const x of [p, kept]) await send(s, x, [metric('api.latency', 5), metric('api.latency', 7)]);
    const cumulative: MetricSpec[] = [{ name: 'jobs.done', kind: 'sum', cumulative: true, points: [{ value: 4 }] }];
    for (const x of [p, kept]) await otlp(x, cumulative);
    await foldMetricRollups();
    await send(s, p, [metric('api.latency', 9)]);
    const before = await rowsOf(kept);
    expect(Object.values(await rowsOf(p)).every((n) => n > 0)).toBe(true);
    expect((await s.client.delete(`/api/v1/projects/${p.id}`)).status).toBe(200);
    expect(await rowsOf(p)).toEqual({ points: 0, minutes: 0, hours: 0, pending: 0, series: 0, streams: 0 });
    expect(await rowsOf(kept)).toEqual(before);
  });
});

async function otlp(p: Project, metrics: MetricSpec[]) {
  const { body, contentType } = otlpExport('metrics', metrics, 'json');
  const res = await handleOtlp({
    projectNumber: String(p.number),
    signal: 'metrics',
    method: 'POST',
    headers: { 'content-type': contentType, 'x-sentry-auth': `sentry sentry_key=${p.keys[0].publicKey}` },
    searchParams: new URLSearchParams(),
    body: Buffer.from(body as string),
  });
  return { status: res.status, answer: exportAnswer('metrics', new Uint8Array(Buffer.from(res.body)), 'json') };
}

describe('cumulative OTLP streams', () => {
  it('an export sent again is refused as a repeat and adds nothing; the next one adds what it added', async () => {
    const { s, p } = await project('PRO');
    const at = Date.now() - 30_000;
    const spec = (value: number, timeMs: number): MetricSpec[] => [
      { name: 'jobs.done', kind: 'sum', cumulative: true, points: [{ value, timeMs, startMs: at - 60_000 }] },
    ];
    expect(await otlp(p, spec(5, at))).toEqual({ status: 200, answer: {} });
    expect(await otlp(p, spec(5, at))).toEqual({
      status: 200,
      answer: {
        partialSuccess: {
          rejectedDataPoints: '1',
          errorMessage:
            '1 data point rejected. First reason: a repeat of a cumulative point already stored (filtered: duplicate_point).',
        },
      },
    });
    expect(await otlp(p, spec(12, at + 10_000))).toEqual({ status: 200, answer: {} });
    const points = await s.client.get(`/api/v1/projects/${p.id}/metrics/points?name=jobs.done`);
    expect(points.body.data.points.map((x: { value: number }) => x.value)).toEqual([7, 5]);
    expect(await outcomeRows(s.client, p.id, 'trace_metric')).toEqual([
      ['accepted', '', 2],
      ['filtered', 'duplicate_point', 1],
    ]);
  });
});
