// Rows stored per rate-limit token through the Sentry endpoints: `npx tsx bench/abuse-sentry.ts`.
// A bounded loopback run (security issue #15): a fresh embedded PostgreSQL in a temp dir, the node:http ingest
// adapter that `npm start` serves, one PRO project, and for each attack shape a fixed number of envelopes sent
// with a small per-key bucket. Prints, per shape, the envelopes accepted, the rows stored and rows per token
// (a token is one request admitted by the bucket plus one per further stored row). Stops everything it started.
import fs from 'node:fs';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { startEmbeddedPostgres } from '@/lib/runtime/embedded-db';
import { migrateDeploy } from '@/lib/runtime/migrate';
import { sdkEvent, sentryEnvelope } from './sentry-events';

const RATE = 5; // tokens per second per key; burst 10× = 50
const ENVELOPES = 20;
const T = Math.floor(Date.now() / 1000) - 60;

const segments = (n: number, tag: string) =>
  `{}\n{"type":"span"}\n${JSON.stringify({
    version: 2,
    items: Array.from({ length: n }, (_, i) => ({
      trace_id: tag.padEnd(32, '0'),
      span_id: `${i}`.padStart(16, '0'),
      name: `GET /r/${i % 5}`,
      start_timestamp: T,
      end_timestamp: T + 0.01,
      is_segment: true,
    })),
  })}\n`;
const transactions = (n: number, tag: string) =>
  `{}\n${Array.from({ length: n }, (_, i) => `{"type":"transaction"}\n${JSON.stringify({ type: 'transaction', transaction: `/t/${tag}/${i}`, start_timestamp: T, timestamp: T + 0.02 })}`).join('\n')}\n`;
const events = (n: number, offset: number) =>
  `{}\n${Array.from({ length: n }, (_, i) => `{"type":"event"}\n${JSON.stringify(sdkEvent({ i: offset + i, n: 1, idPrefix: 'c' }).sentry)}`).join('\n')}\n`;

const SHAPES: { name: string; body: (round: number) => string }[] = [
  {
    name: '1 event per envelope (an SDK)',
    body: (r) => sentryEnvelope(sdkEvent({ i: r, n: 1, idPrefix: 'd' }).sentry),
  },
  { name: '5,000 segment spans in one item', body: (r) => segments(5000, `s${r}`) },
  { name: '40 segment spans in one item', body: (r) => segments(40, `f${r}`) },
  { name: '100 transaction items', body: (r) => transactions(100, `${r}`) },
  { name: '20 event items', body: (r) => events(20, r * 20) },
];

async function post(port: number, pathName: string, body: string): Promise<number> {
  return new Promise((resolve, reject) => {
    const req = http.request(
      {
        host: '127.0.0.1',
        port,
        path: pathName,
        method: 'POST',
        headers: { 'content-type': 'text/plain', 'content-length': Buffer.byteLength(body) },
      },
      (res) => {
        res.resume();
        res.on('end', () => resolve(res.statusCode ?? 0));
      },
    );
    req.on('error', reject);
    req.end(body);
  });
}

async function main() {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'tracker-bench-abuse-sentry-'));
  fs.chmodSync(dir, 0o755);
  const pgServer = await startEmbeddedPostgres({ dir: path.join(dir, 'pg'), database: 'tracker', persistent: false });
  let server: http.Server | undefined;
  try {
    migrateDeploy(pgServer.url);
    process.env.DATABASE_URL = pgServer.url;
    process.env.INGEST_RATE_LIMIT_PER_SECOND = String(RATE);
    const { pool, closePool } = await import('@/lib/pg');
    const { serveIngest } = await import('@/lib/ingest/protocols/node-adapter');
    const {
      rows: [org],
    } = await pool().query<{ id: string }>(
      `INSERT INTO organizations (name, slug, plan) VALUES ('Abuse', 'abuse', 'PRO') RETURNING id`,
    );
    server = http.createServer((req, res) => {
      if (!serveIngest(req, res)) res.writeHead(404).end();
    });
    await new Promise<void>((r) => server!.listen(0, '127.0.0.1', () => r()));
    const port = (server.address() as AddressInfo).port;

    console.log(
      `Sentry envelopes: rows stored per rate-limit token (bucket ${RATE}/s, burst ${RATE * 10}; ${ENVELOPES} envelopes per shape, sent back to back)`,
    );
    console.log(
      `${'shape'.padEnd(36)} ${'accepted'.padStart(8)} ${'429'.padStart(5)} ${'rows'.padStart(7)} ${'rows/token'.padStart(10)}`,
    );
    for (const [i, shape] of SHAPES.entries()) {
      // A project and key per shape: each starts with a full bucket.
      const {
        rows: [p],
      } = await pool().query<{ id: string; number: number }>(
        `INSERT INTO projects (org_id, name, slug) VALUES ($1, $2, $3) RETURNING id, number`,
        [org.id, shape.name, `p${i}`],
      );
      const key = `abusekey${i}`.padEnd(32, '0');
      await pool().query(`INSERT INTO project_keys (project_id, label, public_key) VALUES ($1, 'k', $2)`, [p.id, key]);
      const statuses: number[] = [];
      for (let r = 0; r < ENVELOPES; r++)
        statuses.push(await post(port, `/api/${p.number}/envelope/?sentry_key=${key}`, shape.body(r)));
      const {
        rows: [c],
      } = await pool().query<{ rows: number }>(
        `SELECT ((SELECT count(*) FROM events WHERE project_id = $1) + (SELECT count(*) FROM transactions WHERE project_id = $1))::int AS rows`,
        [p.id],
      );
      const accepted = statuses.filter((s) => s === 200).length;
      const limited = statuses.filter((s) => s === 429).length;
      // Tokens taken: one per admitted request (accepted or refused after admission), plus one per further stored row.
      const tokens = Math.max(accepted, c.rows);
      console.log(
        `${shape.name.padEnd(36)} ${String(accepted).padStart(8)} ${String(limited).padStart(5)} ${String(c.rows).padStart(7)} ${(tokens ? c.rows / tokens : 0).toFixed(2).padStart(10)}`,
      );
      const other = statuses.filter((s) => s !== 200 && s !== 429);
      if (other.length > 0) console.log(`  other answers: ${other.join(', ')}`);
    }
    await closePool();
  } finally {
    await new Promise<void>((r) => (server ? server.close(() => r()) : r()));
    await pgServer.stop();
    fs.rmSync(dir, { recursive: true, force: true });
  }
}

main().then(
  () => process.exit(0),
  (err) => {
    console.error('[bench:abuse-sentry] failed:', err);
    process.exit(1);
  },
);
