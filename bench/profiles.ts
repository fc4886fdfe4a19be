// Profiling (#47): `npm run bench:profiles [-- --processes 20 --seconds 60 --rounds 2 --seed-fraction 0.05
// --transactions 4 --reads 60]` (each also as an environment variable: PROFILES_PROCESSES, PROFILES_SECONDS,
// PROFILES_ROUNDS, PROFILES_SEED_FRACTION, PROFILES_TRANSACTIONS, PROFILES_READS). Starts the production service
// (fresh embedded PostgreSQL, PRO plan, no rate limit) and replays one minute the real @sentry/profiling-node 11
// recorded from a busy Node service (bench/profiles/node-profile-chunk.envelope, recorded by
// bench/profiles/record.ts; its transactions in bench/profiles/node-spans.json): every chunk sent is that recording,
// as the SDK sent it, with a fresh chunk_id and profiler_id and its sample times moved.
// 1. Seeds a day: the last 24 hours of --processes busy processes (one chunk a process-minute), --seed-fraction of
//    their minutes spread evenly over the day (all of them at 1), through /api/<n>/envelope/ as fast as 4
//    connections are answered; beside each chunk --transactions transactions as @sentry/node 11 streams them (span v2
//    items, the segment carrying sentry.profiler_id). Prints chunks/s, their latency and the bytes stored.
// 2. Reads what the dashboard reads over that day: a span's flame graph (a different span each time), a transaction
//    name's aggregate flame graph and the slowest functions (days=1); p50/p95 of --reads each against p95 < 200 ms.
// 3. Loads: Sentry error envelopes (realistic SDK events) as fast as 64 keep-alive connections allow, alone and then
//    beside the chunks of --processes processes at their real rate (one a minute each, spread over the minute as in
//    a steady state), in --rounds alternating rounds of --seconds each. Prints the error rate alone and beside
//    profiles and its drop (target under 20 %), the chunks' latency, and the bytes stored per profiled minute.
// Everything it starts is stopped at the end.
import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { parseArgs } from 'node:util';
import { sdkEvent, sentryEnvelope } from './sentry-events';
import { sampleCpu } from './support/cpu';
import { pct, rateOf, report, type RunResult } from './support/load';
import { closedLoop, cores, failuresOf, openLoop, type Scheduled } from './support/loops';
import { quantile } from './support/seed';
import { log, proProject, runBench, startService, type Service } from './support/service';

const env = (name: string, def: string) => process.env[`PROFILES_${name}`] || def;
const { values: args } = parseArgs({
  options: {
    // A service's worth of Node processes, each profiled continuously (one chunk a minute).
    processes: { type: 'string', default: env('PROCESSES', '20') },
    seconds: { type: 'string', default: env('SECONDS', '60') },
    rounds: { type: 'string', default: env('ROUNDS', '2') },
    connections: { type: 'string', default: env('CONNECTIONS', '64') },
    // The day's 28,800 chunks (at 20 processes) take longer to send than a bench should: 1 in 20 minutes by default.
    'seed-fraction': { type: 'string', default: env('SEED_FRACTION', '0.05') },
    // Profiled transactions a process-minute: the fewer, the more chunks a transaction name's aggregate reads.
    transactions: { type: 'string', default: env('TRANSACTIONS', '4') },
    reads: { type: 'string', default: env('READS', '60') },
  },
});
const PROCESSES = Number(args.processes);
const SECONDS = Number(args.seconds);
const ROUNDS = Number(args.rounds);
const CONNECTIONS = Number(args.connections);
const SEED_FRACTION = Math.min(1, Number(args['seed-fraction']));
const TRANSACTIONS = Number(args.transactions);
const READS = Number(args.reads);
const SEED_CONNECTIONS = 4;
const TARGET_DROP = 0.2;
const TARGET_READ_MS = 200;
const DAY_MINUTES = 1440;
const FIXTURES = path.join(import.meta.dirname, 'profiles');

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
const hex = (bytes: number) => crypto.randomBytes(bytes).toString('hex');
const kb = (bytes: number) => `${(bytes / 1024).toFixed(1)} KB`;
const ms = (x: number) => `${x.toFixed(1)} ms`;
const latencies = (r: RunResult) =>
  `p50 ${ms(pct(r.latencies, 50))}, p95 ${ms(pct(r.latencies, 95))}, max ${ms(r.latencies.at(-1) ?? NaN)}`;

type ChunkPayload = {
  chunk_id: string;
  profiler_id: string;
  measurements?: Record<string, { unit: string; values: { value: number; timestamp: number }[] }>;
  profile: {
    samples: { stack_id: number; thread_id: string; timestamp: number }[];
    stacks: unknown;
    frames: unknown;
    thread_metadata: unknown;
  };
  [key: string]: unknown;
};

/**
 * The recorded chunk as a template: `make(profilerId, startSec)` is its envelope as the SDK sent it with a fresh
 * chunk_id, that profiler_id and every sample (and measurement) moved so the first sample is at startSec.
 */
function chunkTemplate() {
  const text = fs.readFileSync(path.join(FIXTURES, 'node-profile-chunk.envelope'), 'utf8');
  const [headerLine, itemHeaderLine, payloadLine] = text.split('\n');
  const header = JSON.parse(headerLine) as Record<string, unknown>;
  const payload = JSON.parse(payloadLine) as ChunkPayload;
  const { samples, ...profileRest } = payload.profile;
  const t0 = samples[0].timestamp;
  const offsets = samples.map((s) => s.timestamp - t0);
  const heads = samples.map((s) => `{"stack_id":${s.stack_id},"thread_id":${JSON.stringify(s.thread_id)},"timestamp":`);
  const { chunk_id: _c, profiler_id: _p, measurements, profile: _profile, ...rest } = payload;
  const restJson = JSON.stringify(rest).slice(1, -1);
  const profileRestJson = JSON.stringify(profileRest).slice(1, -1);
  const seconds = offsets.at(-1)!;
  const make = (profilerId: string, startSec: number) => {
    const chunkId = hex(16);
    const shiftMs = (startSec - t0) * 1000;
    const moved = Object.fromEntries(
      Object.entries(measurements ?? {}).map(([k, m]) => [
        k,
        { ...m, values: m.values.map((v) => ({ value: v.value, timestamp: v.timestamp + shiftMs })) },
      ]),
    );
    const parts = new Array<string>(heads.length);
    for (let i = 0; i < heads.length; i++) parts[i] = `${heads[i]}${Math.round((startSec + offsets[i]) * 1e4) / 1e4}}`;
    const envelopeHeader = {
      ...header,
      event_id: hex(16),
      sent_at: new Date((startSec + seconds) * 1000 + 5).toISOString(),
    };
    const body =
      `${JSON.stringify(envelopeHeader)}\n${itemHeaderLine}\n` +
      `{"chunk_id":"${chunkId}","profiler_id":"${profilerId}",${restJson},"measurements":${JSON.stringify(moved)},` +
      `"profile":{${profileRestJson},"samples":[${parts.join(',')}]}}`;
    return { chunkId, body };
  };
  return { make, seconds, samples: samples.length, sentBytes: Buffer.byteLength(text), header };
}

type SpanV2 = {
  name: string;
  span_id: string;
  trace_id: string;
  parent_span_id?: string;
  start_timestamp: number;
  end_timestamp: number;
  is_segment: boolean;
  attributes: Record<string, { value: unknown; type: string }>;
};
type Transaction = { name: string; traceId: string; segmentId: string; childIds: string[] };

/**
 * The recorded transactions as templates: `make(i, profilerId, startSec)` is a recorded transaction of route
 * i % routes (the routes in turn) with fresh trace and span ids, its segment naming that profiler and starting at startSec.
 */
function transactionTemplates() {
  const texts = JSON.parse(fs.readFileSync(path.join(FIXTURES, 'node-spans.json'), 'utf8')) as string[];
  const templates = texts.map((text) => {
    const [headerLine, itemHeaderLine, payloadLine] = text.split('\n');
    const spans = (JSON.parse(payloadLine) as { items: SpanV2[] }).items;
    return { header: JSON.parse(headerLine) as { trace: Record<string, unknown> }, itemHeaderLine, spans };
  });
  const names = [...new Set(templates.map((t) => t.spans.find((s) => s.is_segment)!.name))];
  const byRoute = names.map((n) => templates.filter((t) => t.spans.find((s) => s.is_segment)!.name === n));
  const make = (i: number, profilerId: string, startSec: number): { body: string; tx: Transaction } => {
    const route = byRoute[i % byRoute.length];
    const t = route[Math.floor(i / byRoute.length) % route.length];
    const segment = t.spans.find((s) => s.is_segment)!;
    const traceId = hex(16);
    const ids = new Map(t.spans.map((s) => [s.span_id, hex(8)]));
    const shift = startSec - segment.start_timestamp;
    const items = t.spans.map((s) => {
      const attributes: SpanV2['attributes'] = {
        ...s.attributes,
        'sentry.segment.id': { value: ids.get(segment.span_id)!, type: 'string' },
      };
      if (s.is_segment) attributes['sentry.profiler_id'] = { value: profilerId, type: 'string' };
      return {
        ...s,
        span_id: ids.get(s.span_id)!,
        trace_id: traceId,
        ...(s.parent_span_id ? { parent_span_id: ids.get(s.parent_span_id) ?? s.parent_span_id } : {}),
        start_timestamp: s.start_timestamp + shift,
        end_timestamp: s.end_timestamp + shift,
        attributes,
      };
    });
    const header = {
      ...t.header,
      sent_at: new Date((segment.end_timestamp + shift) * 1000 + 5).toISOString(),
      trace: { ...t.header.trace, trace_id: traceId },
    };
    return {
      body: `${JSON.stringify(header)}\n${t.itemHeaderLine}\n${JSON.stringify({ version: 2, items })}`,
      tx: {
        name: segment.name,
        traceId,
        segmentId: ids.get(segment.span_id)!,
        childIds: t.spans.filter((s) => !s.is_segment).map((s) => ids.get(s.span_id)!),
      },
    };
  };
  return { make, names, count: templates.length };
}

/** pg_total_relation_size (heap, TOAST, indexes) of the profile tables. */
async function profileTableBytes(sql: Awaited<ReturnType<typeof proProject>>['sql']) {
  const { rows } = await sql.query<{ t: string; bytes: string }>(
    `SELECT t, pg_total_relation_size(t)::bigint AS bytes
       FROM unnest(ARRAY['profiles', 'profile_frames', 'profile_function_hours']) AS t`,
  );
  return Object.fromEntries(rows.map((r) => [r.t, Number(r.bytes)])) as Record<
    'profiles' | 'profile_frames' | 'profile_function_hours',
    number
  >;
}
type TableBytes = Awaited<ReturnType<typeof profileTableBytes>>;
const bytesDelta = (a: TableBytes, b: TableBytes) => ({
  profiles: b.profiles - a.profiles,
  frames: b.profile_frames - a.profile_frames,
  functionHours: b.profile_function_hours - a.profile_function_hours,
});
const sumDelta = (d: ReturnType<typeof bytesDelta>) => d.profiles + d.frames + d.functionHours;

/** `runs` reads of `url(i)` after 3 warm-up reads, each a 200 checked by `check`; p50/p95 against the target. */
async function timeReads(
  svc: Service,
  label: string,
  runs: number,
  url: (i: number) => string,
  check: (data: any, counted: boolean) => void,
) {
  const once = async (i: number) => {
    const t0 = performance.now();
    const res = await fetch(svc.base + url(i), { headers: { cookie: svc.cookie } });
    const text = await res.text();
    const elapsed = performance.now() - t0;
    if (res.status !== 200) throw new Error(`${label}: ${res.status} ${text.slice(0, 300)}`);
    check(JSON.parse(text).data, i < runs);
    return { elapsed, bytes: text.length };
  };
  for (let i = 0; i < 3; i++) await once(runs + i);
  const samples: number[] = [];
  let bytes = 0;
  for (let i = 0; i < runs; i++) {
    const r = await once(i);
    samples.push(r.elapsed);
    bytes += r.bytes;
  }
  const p50 = quantile(samples, 0.5);
  const p95 = quantile(samples, 0.95);
  return { label, p50, p95, max: Math.max(...samples), bytes: bytes / runs, ok: p95 < TARGET_READ_MS };
}

let service: Service | undefined;

async function main() {
  const chunks = chunkTemplate();
  const txs = transactionTemplates();
  const svc = (service = await startService({
    distDir: '.next-bench',
    env: { INGEST_RATE_LIMIT_PER_SECOND: '1000000' },
  }));
  const { sql, project } = await proProject(svc, 'Profiles bench');
  try {
    const envelopePath = `/api/${project.number}/envelope/`;
    const sender = {
      port: svc.port,
      path: envelopePath,
      headers: {
        'content-type': 'application/x-sentry-envelope',
        'x-sentry-auth': `Sentry sentry_version=7, sentry_client=sentry.javascript.node/11.1.0, sentry_key=${project.keys[0].publicKey}`,
      },
    };
    const profilers = Array.from({ length: PROCESSES }, () => hex(16));
    const api = `/api/v1/projects/${project.id}/profiles`;

    // 1. A day of data: minute m of the day for every process, for an evenly spread fraction of the minutes.
    const minutes = Math.max(1, Math.round(DAY_MINUTES * SEED_FRACTION));
    const dayStart = Date.now() / 1000 - DAY_MINUTES * 60 - 120;
    const seedChunks = minutes * PROCESSES;
    const chunkStart = (k: number) => {
      const minute = Math.floor((Math.floor(k / PROCESSES) * DAY_MINUTES) / minutes);
      const proc = k % PROCESSES;
      return { proc, startSec: dayStart + minute * 60 + (proc * 60) / PROCESSES };
    };
    log(
      `seeding a day: ${seedChunks} chunks (${minutes} of each process's ${DAY_MINUTES} minutes, ${PROCESSES} processes) over ${SEED_CONNECTIONS} connections, then ${seedChunks * TRANSACTIONS} transactions`,
    );
    const beforeSeed = await profileTableBytes(sql);
    const seedChunkRun = await closedLoop({
      ...sender,
      connections: SEED_CONNECTIONS,
      count: seedChunks,
      next: (k) => {
        const { proc, startSec } = chunkStart(k);
        return chunks.make(profilers[proc], startSec).body;
      },
    });
    const afterSeedChunks = await profileTableBytes(sql);
    const seeded: Transaction[] = [];
    const seedTxRun = await closedLoop({
      ...sender,
      connections: 16,
      count: seedChunks * TRANSACTIONS,
      next: (i) => {
        const k = Math.floor(i / TRANSACTIONS);
        const { proc, startSec } = chunkStart(k);
        const slot = i % TRANSACTIONS;
        // Spread over the chunk's minute, clear of its ends.
        const at = startSec + ((slot + 0.5) * chunks.seconds) / TRANSACTIONS;
        const { body, tx } = txs.make(k * TRANSACTIONS + slot, profilers[proc], at);
        seeded.push(tx);
        return body;
      },
    });
    await sql.query('ANALYZE profiles, profile_frames, profile_function_hours, spans');
    const {
      rows: [stored],
    } = await sql.query<{ chunks: number; size: string; samples: string; segments: number }>(
      `SELECT (SELECT count(*)::int FROM profiles WHERE project_id = $1) AS chunks,
              (SELECT coalesce(sum(size), 0) FROM profiles WHERE project_id = $1) AS size,
              (SELECT coalesce(sum(sample_count), 0) FROM profiles WHERE project_id = $1) AS samples,
              (SELECT count(*)::int FROM spans WHERE project = (SELECT number FROM projects WHERE id = $1) AND segment_index IS NOT NULL
                  AND data -> lpad(to_hex(span_ids[segment_index]), 16, '0') ->> 'sentry.profiler_id' IS NOT NULL) AS segments`,
      [project.id],
    );
    // Each chunk adds its functions' time to the rows of its hour: an update per function, leaving the row's old
    // version for autovacuum. Live: the rows' own bytes (pg_column_size), without their index entries.
    const { rows: functionRows } = await sql.query<{ hours: number; rows: number; live: string; frames: number }>(
      `SELECT count(DISTINCT hour)::int AS hours, count(*)::int AS rows, coalesce(sum(pg_column_size(h.*)), 0) AS live,
              (SELECT count(*)::int FROM profile_frames WHERE project_id = $1) AS frames
         FROM profile_function_hours h WHERE project_id = $1`,
      [project.id],
    );
    const fh = functionRows[0];
    if (stored.chunks !== seedChunks) throw new Error(`stored ${stored.chunks} of the ${seedChunks} seeded chunks`);

    // 2. The reads over that day, each time another span / name / ordering.
    log(`reading: ${READS} of each after 3 warm-up reads`);
    const step = Math.max(1, Math.floor(seeded.length / (READS + 3)));
    const spanOf = (i: number) => {
      const tx = seeded[(i * step) % seeded.length];
      return { tx, spanId: i % 2 || tx.childIds.length === 0 ? tx.segmentId : tx.childIds[i % tx.childIds.length] };
    };
    let withSamples = 0;
    let withChunk = 0;
    const spanRead = await timeReads(
      svc,
      'span flame graph',
      READS,
      (i) => {
        const { tx, spanId } = spanOf(i);
        return `${api}/flamegraph?traceId=${tx.traceId}&spanId=${spanId}`;
      },
      (d: { profiles: unknown[]; sampleCount: number }, counted) => {
        if (counted && d.profiles.length) withChunk++;
        if (counted && d.sampleCount) withSamples++;
      },
    );
    let aggregateProfiles = 0;
    let aggregateSamples = 0;
    const aggregateRead = await timeReads(
      svc,
      'transaction flame graph (days=1)',
      READS,
      (i) => `${api}/flamegraph?transaction=${encodeURIComponent(txs.names[i % txs.names.length])}&days=1`,
      (d: { profileCount: number; sampleCount: number }) => {
        aggregateProfiles = Math.max(aggregateProfiles, d.profileCount);
        aggregateSamples = Math.max(aggregateSamples, d.sampleCount);
      },
    );
    const sorts = ['self', 'total', 'p75', 'count'];
    let functionsListed = 0;
    const functionsRead = await timeReads(
      svc,
      'slowest functions (days=1)',
      READS,
      (i) => `${api}/functions?days=1&sort=${sorts[i % sorts.length]}${i % 8 >= 4 ? '&inApp=true' : ''}`,
      (d: { functions: unknown[] }) => {
        functionsListed = Math.max(functionsListed, d.functions.length);
        if (d.functions.length === 0) throw new Error('slowest functions: none listed over the seeded day');
      },
    );
    const reads = [spanRead, aggregateRead, functionsRead];

    // 3. Error ingest alone, then beside the processes' chunks at their real rate, in alternating rounds.
    const templates = Array.from({ length: 500 }, (_, i) => {
      const e = sdkEvent({ i, n: 500, idPrefix: 'feedface' }).sentry;
      return sentryEnvelope(e).split(e.event_id as string);
    });
    let sentEvents = 0;
    const errorsFor = (prefix: string, seconds: number) =>
      closedLoop({
        ...sender,
        headers: {
          'content-type': 'application/x-sentry-envelope',
          'x-sentry-auth': `Sentry sentry_version=7, sentry_client=sentry.python/1.40.0, sentry_key=${project.keys[0].publicKey}`,
        },
        connections: CONNECTIONS,
        seconds,
        next: () => {
          const n = sentEvents++;
          return templates[n % templates.length].join(`${prefix}${n.toString(16).padStart(32 - prefix.length, '0')}`);
        },
      });
    const loadIds: string[] = [];
    /** Process j sends its chunk (the minute just profiled) at (j + 0.5) / PROCESSES of each minute. */
    const chunkSchedule = (seconds: number, ids: string[]): Scheduled[] => {
      const schedule: Scheduled[] = [];
      for (let j = 0; j < PROCESSES; j++)
        for (let at = ((j + 0.5) * 60) / PROCESSES; at < seconds; at += 60)
          schedule.push({
            atMs: at * 1000,
            body: () => {
              const c = chunks.make(profilers[j], Date.now() / 1000 - chunks.seconds - 0.05);
              ids.push(c.chunkId);
              return c.body;
            },
          });
      return schedule.sort((a, b) => a.atMs - b.atMs);
    };
    const group = svc.child.pid!;
    const loadBefore = os
      .loadavg()
      .map((l) => l.toFixed(2))
      .join(' / ');
    log(`warm-up: 5 s of errors, then 5 s beside chunks`);
    await errorsFor('e0', 5);
    await Promise.all([errorsFor('e1', 5), openLoop({ ...sender, schedule: chunkSchedule(5, []) })]);
    type Round = {
      alone: RunResult;
      aloneCores: ReturnType<typeof cores>;
      beside: RunResult;
      besideCores: ReturnType<typeof cores>;
      chunks: RunResult;
      lateMs: number[];
      offered: number;
    };
    const rounds: Round[] = [];
    const beforeLoad = await profileTableBytes(sql);
    for (let r = 1; r <= ROUNDS; r++) {
      log(
        `round ${r}/${ROUNDS}: ${SECONDS} s of errors alone, then ${SECONDS} s beside ${PROCESSES} profiled processes`,
      );
      let before = sampleCpu([group]);
      const alone = await errorsFor(`a${r}`, SECONDS);
      const aloneCores = cores({ before, after: sampleCpu([group]), group, seconds: alone.seconds });
      const schedule = chunkSchedule(SECONDS, loadIds);
      before = sampleCpu([group]);
      const [beside, sent] = await Promise.all([errorsFor(`b${r}`, SECONDS), openLoop({ ...sender, schedule })]);
      const besideCores = cores({
        before,
        after: sampleCpu([group]),
        group,
        seconds: Math.max(beside.seconds, sent.run.seconds),
      });
      rounds.push({
        alone,
        aloneCores,
        beside,
        besideCores,
        chunks: sent.run,
        lateMs: sent.lateMs,
        offered: schedule.length,
      });
    }
    const afterLoad = await profileTableBytes(sql);
    // Outcomes are counted in memory and written every second.
    await sleep(1500);
    const {
      rows: [loadStored],
    } = await sql.query<{ chunks: number; size: string }>(
      `SELECT count(*)::int AS chunks, coalesce(sum(size), 0) AS size FROM profiles WHERE project_id = $1 AND id = ANY($2)`,
      [project.id, loadIds],
    );
    const { rows: refused } = await sql.query<{ outcome: string; reason: string; n: number }>(
      `SELECT outcome, reason, sum(quantity)::int AS n FROM outcomes
        WHERE project_id = $1 AND category = 'profile' AND outcome <> 'accepted' GROUP BY 1, 2`,
      [project.id],
    );

    // The figures.
    const seedDelta = bytesDelta(beforeSeed, afterSeedChunks);
    const loadDelta = bytesDelta(beforeLoad, afterLoad);
    const loadChunks = loadStored.chunks;
    const perMinute = sumDelta(loadDelta) / loadChunks;
    console.log('');
    console.log(
      `recording: one minute of a busy Node service (4 routes at 150 requests/s, ~43 % of a core) profiled by @sentry/profiling-node ${String((chunks.header.sdk as { version?: string })?.version)}: ` +
        `a chunk of ${kb(chunks.sentBytes)} as sent, ${chunks.samples} samples over ${chunks.seconds.toFixed(1)} s`,
    );
    console.log('');
    console.log(
      `seed (a day, ${(SEED_FRACTION * 100).toFixed(SEED_FRACTION < 0.1 ? 1 : 0)} % of its process-minutes): ${seedChunks} chunks of ${PROCESSES} processes over 24 h, ${seedChunks * TRANSACTIONS} profiled transactions (${TRANSACTIONS} a process-minute, span v2)`,
    );
    report('chunks (4 connections)', seedChunkRun);
    report('transactions (16 connections)', seedTxRun);
    console.log(
      `${''.padEnd(30)} stored: ${stored.chunks} chunks, ${Number(stored.samples).toLocaleString('en-US')} samples, data ${kb(Number(stored.size) / stored.chunks)} a chunk compressed; ` +
        `${fh.frames} frames, ${fh.rows} function-hour rows over ${fh.hours} hours; ${stored.segments} profiled segments`,
    );
    console.log(
      `${''.padEnd(30)} bytes (pg_total_relation_size deltas over the seed's chunks): profiles ${kb(seedDelta.profiles / seedChunks)} + frames ${kb(seedDelta.frames / seedChunks)} + function hours ${kb(seedDelta.functionHours / seedChunks)} = ${kb(sumDelta(seedDelta) / seedChunks)} a chunk`,
    );
    console.log(
      `${''.padEnd(30)} function hours: ${(Number(fh.live) / 1024 ** 2).toFixed(1)} MiB of live rows (${fh.rows} rows, ${kb(Number(fh.live) / fh.hours)} an hour) in ${(afterSeedChunks.profile_function_hours / 1024 ** 2).toFixed(1)} MiB on disk: the rest is the old versions each chunk's update leaves`,
    );
    console.log('');
    console.log(`reads over the seeded day (${READS} each after 3 warm-up reads, one at a time):`);
    for (const r of reads)
      console.log(
        `${r.label.padEnd(36)} p50 ${ms(r.p50).padStart(9)}   p95 ${ms(r.p95).padStart(9)}   max ${ms(r.max).padStart(9)}   answer ${kb(r.bytes)}`,
      );
    console.log(
      `${''.padEnd(36)} span reads: ${withChunk} of ${READS} found their chunk, ${withSamples} had samples inside the span; aggregate: ${aggregateProfiles} transactions, ${aggregateSamples} samples; functions: ${functionsListed} listed`,
    );
    console.log('');
    console.log(`load average (1/5/15 min) before the load: ${loadBefore}`);
    console.log(
      `load: Sentry error envelopes (realistic SDK events) over ${CONNECTIONS} connections, alone and beside ${PROCESSES} profiled processes (a chunk a minute each: ${(PROCESSES / 60).toFixed(2)} chunks/s, ${kb((chunks.sentBytes * PROCESSES) / 60)}/s), ${ROUNDS} alternating rounds of ${SECONDS} s`,
    );
    const pctCore = (x: number) => `${(x * 100).toFixed(0)} %`;
    rounds.forEach((r, i) => {
      console.log(`round ${i + 1}:`);
      report('errors alone', r.alone);
      console.log(
        `${''.padEnd(30)} CPU: server ${pctCore(r.aloneCores.server)} + PostgreSQL ${pctCore(r.aloneCores.postgres)} of a core; machine ${pctCore(r.aloneCores.machine)}`,
      );
      report('errors beside profiles', r.beside);
      report('profile chunks', r.chunks);
      console.log(
        `${''.padEnd(30)} CPU: server ${pctCore(r.besideCores.server)} + PostgreSQL ${pctCore(r.besideCores.postgres)} of a core; machine ${pctCore(r.besideCores.machine)}; ${r.offered} chunks offered, sent at most ${pct(r.lateMs, 99).toFixed(0)} ms late (p99)`,
      );
    });
    const alone = rateOf(rounds.map((r) => r.alone));
    const beside = rateOf(rounds.map((r) => r.beside));
    const drop = 1 - beside / alone;
    const chunkRuns = rounds.map((r) => r.chunks);
    const allChunkLatencies = chunkRuns.flatMap((r) => r.latencies).sort((a, b) => a - b);
    const offered = rounds.reduce((n, r) => n + r.offered, 0);
    const failures = failuresOf(rounds.flatMap((r) => [r.alone, r.beside, r.chunks]));
    console.log('');
    console.log(
      `chunk ingest latency beside errors: ${latencies({ ...chunkRuns[0], latencies: allChunkLatencies })} (${offered} chunks); alone in the seed: ${latencies(seedChunkRun)}`,
    );
    console.log(
      `chunks stored: ${loadChunks} of ${offered} (refused: ${refused.map((o) => `${o.outcome}/${o.reason} ×${o.n}`).join(', ') || 'none'})`,
    );
    // Live, at the real rate: the chunk's own row, and its share of its hour's function rows and of the frames.
    const liveMinute =
      loadDelta.profiles / loadChunks +
      Number(fh.live) / fh.hours / (PROCESSES * 60) +
      afterSeedChunks.profile_frames / (PROCESSES * DAY_MINUTES);
    console.log(
      `bytes stored per profiled minute: ${kb(perMinute)} measured (pg_total_relation_size deltas incl. TOAST and indexes over the load's ${loadChunks} chunks: ` +
        `profiles ${kb(loadDelta.profiles / loadChunks)} (its data ${kb(Number(loadStored.size) / loadChunks)} compressed), frames ${kb(loadDelta.frames / loadChunks)}, function hours ${kb(loadDelta.functionHours / loadChunks)}); ` +
        `live at ${PROCESSES} processes: ${kb(liveMinute)} (the chunk's row, 1/${PROCESSES * 60} of its hour's function rows, 1/${PROCESSES * DAY_MINUTES} of the frames) = ` +
        `${((liveMinute * PROCESSES * DAY_MINUTES) / 1024 ** 3).toFixed(2)} GiB a day`,
    );
    console.log(
      `errors alone ${alone.toFixed(0)}/s, beside profiles ${beside.toFixed(0)}/s: a drop of ${(drop * 100).toFixed(1)} %`,
    );
    console.log('');
    const dropOk = drop < TARGET_DROP && failures === 0 && loadChunks === offered && refused.length === 0;
    console.log(
      `${dropOk ? 'PASS' : 'FAIL'}  error rate drops under ${TARGET_DROP * 100} % beside ${PROCESSES} profiled processes (${(drop * 100).toFixed(1)} %), zero errors (${failures}), every chunk stored (${loadChunks}/${offered})`,
    );
    for (const r of reads)
      console.log(`${r.ok ? 'PASS' : 'FAIL'}  ${r.label} p95 under ${TARGET_READ_MS} ms (${ms(r.p95)})`);
  } finally {
    await sql.end();
  }
}

runBench(main, () => service && fs.rmSync(service.dataDir, { recursive: true, force: true }));
