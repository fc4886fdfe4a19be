// The ingest batch statement alone: `npm run bench:batch [-- --batches N --sizes 1,16,64 --explain --realistic]`.
// Batches are written one after another (as under load, where every batch waits on the organization's usage
// row), so the statement's wall time per event is what bounds ingest throughput. Starts a fresh embedded
// PostgreSQL, creates a PRO organization and a project in SQL, then for each batch size sends that many of
// bench:ingest's small envelopes through the domain entry point (validation, grouping, the batch statement)
// in one turn of the event loop, and prints the median and p95 wall time per batch and per event, and the
// PostgreSQL CPU per event (after the warm-up batches and an ANALYZE of their tables). `--explain` prints the last
// batch's plan with actual times (timing slows every batch);
// `--realistic` sends bench:ingest's realistic SDK events (bench/sentry-events.ts: contexts, 3 tags, 15 breadcrumbs).
import { DEFAULT_FILTERS } from '@/lib/ingest/enrich/inbound-filters';
import { LATEST_GROUPING_VERSION } from '@/lib/grouping/version';
import { DEFAULT_PRIVACY, scrubPolicyOf } from '@/lib/ingest/enrich/scrubbing/policy';
import fs from 'node:fs';
import { performance } from 'node:perf_hooks';
import pg from 'pg';
import { startBenchDatabase } from './support/database';
import { envelopes } from './support/envelopes';
import { sdkEvent } from './sentry-events';
import { quantile } from './support/seed';
import { cpuPerRequest, sampleCpu } from './support/cpu';

const arg = (name: string, def: string) => {
  const i = process.argv.indexOf(`--${name}`);
  return i >= 0 ? process.argv[i + 1] : def;
};
const BATCHES = Number(arg('batches', '150'));
const SIZES = arg('sizes', '1,16,64').split(',').map(Number);
const WARMUP_BATCHES = 20;
const EXPLAIN = process.argv.includes('--explain');
const REALISTIC = process.argv.includes('--realistic');

function ownProcessGroup(): number {
  const stat = fs.readFileSync('/proc/self/stat', 'utf8');
  return Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[2]);
}

async function main() {
  const db = await startBenchDatabase('tracker-bench-batch-');
  try {
    const sql = new pg.Client({ connectionString: db.url });
    await sql.connect();
    const {
      rows: [org],
    } = await sql.query(`INSERT INTO organizations (name, slug, plan) VALUES ('Bench', 'bench', 'PRO') RETURNING id`);
    const {
      rows: [project],
    } = await sql.query(
      `INSERT INTO projects (org_id, name, slug) VALUES ($1, 'Bench', 'bench') RETURNING id, number`,
      [org.id],
    );
    if (EXPLAIN) {
      // Every statement's plan with actual times, sent to the client as a notice (printed for the last batch).
      for (const q of [
        `session_preload_libraries = 'auto_explain'`,
        'auto_explain.log_min_duration = 0',
        'auto_explain.log_analyze = on',
        `auto_explain.log_level = 'notice'`,
      ]) {
        await sql.query(`ALTER DATABASE tracker_bench SET ${q}`);
      }
    }
    // Imported after startBenchDatabase set DATABASE_URL, so the pool connects to the bench database.
    const { events } = await import('@/lib/ingest/items/events');
    const { newStoreContext } = await import('@/lib/ingest/items/kind');
    const { validateUnit } = await import('@/lib/envelope/validate-envelope');
    const { pool } = await import('@/lib/pg');
    let plans: string[] = [];
    if (EXPLAIN) pool().on('connect', (c) => c.on('notice', (n) => plans.push(n.message ?? '')));
    const key = {
      publicKey: 'bench',
      projectId: project.id as string,
      projectNumber: project.number as number,
      orgId: org.id as string,
      scrub: scrubPolicyOf(DEFAULT_PRIVACY),
      groupingVersion: LATEST_GROUPING_VERSION,
      filters: DEFAULT_FILTERS,
      discarded: new Set<string>(),
      aliases: new Map<string, string>(),
      rateLimitPerMinute: null,
      spikeProtection: false,
      projectCreatedAt: new Date(),
    };
    // The embedded PostgreSQL runs in this process's group: its CPU and this process's are counted apart.
    const group = ownProcessGroup();

    console.log(
      `batch statement, ${BATCHES} batches per size after ${WARMUP_BATCHES} warm-up batches (50 fingerprints, ${REALISTIC ? 'realistic SDK events: 13 tag and context pairs, 15 breadcrumbs' : '5 tags, 5 breadcrumbs'} per event)`,
    );
    for (const size of SIZES) {
      const total = (BATCHES + WARMUP_BATCHES) * size;
      const bodies = REALISTIC
        ? Array.from({ length: total }, (_, i) =>
            JSON.stringify(sdkEvent({ i, n: total, idPrefix: `b${size}` }).native),
          )
        : envelopes(total);
      const units = bodies.map((b) => {
        const v = validateUnit(JSON.parse(b), { hadEscapes: false });
        if (!v.ok) throw new Error(`invalid bench envelope: ${JSON.stringify(v.issues)}`);
        return v.unit;
      });
      const times: number[] = [];
      let cpuBefore: ReturnType<typeof sampleCpu> | undefined;
      for (let b = 0; b < BATCHES + WARMUP_BATCHES; b++) {
        plans = [];
        if (b === WARMUP_BATCHES) {
          // Statistics of the warmed-up tables, as autovacuum gives a running server within a minute: without them the
          // statement's generic plan, made over near-empty tables, probes issues by project alone (#65: +13 % of
          // PostgreSQL's CPU per realistic event in this bench).
          await sql.query('ANALYZE');
          cpuBefore = sampleCpu([group]);
        }
        const batch = units.slice(b * size, (b + 1) * size);
        const t0 = performance.now();
        // One request per unit, all in the same turn of the event loop: they join one batch.
        const outcomes = await Promise.all(
          batch.map(async (u) => {
            const outcome = await events.store(key, [u], newStoreContext({ tokensTaken: 1 }));
            if (!outcome) throw new Error('the events kind answered no outcome');
            return outcome;
          }),
        );
        const ms = performance.now() - t0;
        if (outcomes.some((o) => o.kind !== 'stored'))
          throw new Error(`not stored: ${JSON.stringify(outcomes.find((o) => o.kind !== 'stored'))}`);
        if (b >= WARMUP_BATCHES) times.push(ms);
      }
      const cpu = cpuPerRequest({
        before: cpuBefore!,
        after: sampleCpu([group]),
        groups: { server: group, database: group },
        requests: BATCHES * size,
      });
      times.sort((x, y) => x - y);
      const p50 = quantile(times, 0.5);
      const p95 = quantile(times, 0.95);
      console.log(
        `batch of ${String(size).padStart(3)}: p50 ${p50.toFixed(2).padStart(7)} ms  p95 ${p95.toFixed(2).padStart(7)} ms  ` +
          `per event ${((p50 * 1000) / size).toFixed(0).padStart(5)} µs (p50); CPU per event: node ${cpu.serverUs.toFixed(0)} µs, PostgreSQL ${cpu.postgresUs.toFixed(0)} µs`,
      );
    }
    if (EXPLAIN)
      console.log(plans.filter((p) => p.includes('CTE lk')).at(-1) ?? 'no plan of the batch statement received');
    await sql.end();
    await pool().end();
  } finally {
    await db.stop();
  }
}

main().catch((err) => {
  console.error(err);
  process.exit(1);
});
