// #43: every item kind passes the one scrubber. The real @sentry/node 11 fills every field it can (errors with the
// request and an attachment, a transaction and its spans, logs, feedback with the scope's contexts and tags, a
// check-in, a session) and the official OpenTelemetry SDK exports spans and logs over OTLP, all with the same
// secrets; then every text and JSON column of every table, and the outbox, is swept for them and holds none. The same
// programs sending to a project with scrubbing off are the control: there the sweep finds the secrets in every item
// table, so the sweep can see what it looks for.
import { execFile } from 'node:child_process';
import path from 'node:path';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { flushOutcomes } from '@/lib/outcomes/record-outcome';
import { pool } from '@/lib/pg';
import { signUp } from '../support/accounts';
import { createProject } from '../support/fixtures';
import { makeSecrets, sweepForSecrets, type Secrets } from '../support/secrets';
import { startSentryServer } from './sentry-server';

const run = promisify(execFile);
const DIR = path.join(import.meta.dirname, '../support/secrets-every-kind');
let server: Awaited<ReturnType<typeof startSentryServer>>;
beforeAll(async () => {
  server = await startSentryServer();
});
afterAll(async () => {
  await server.close();
});

async function program(file: string, args: string[]): Promise<void> {
  const { stdout } = await run(process.execPath, [path.join(DIR, file), ...args], { timeout: 60_000 });
  expect(stdout.trim().split('\n').at(-1), stdout).toBe('sent');
}

type Project = Awaited<ReturnType<typeof createProject>> & { number: number };

async function project(scrubbing: boolean) {
  const s = await signUp();
  const p = (await createProject(s.client, scrubbing ? 'Scrubbed' : 'Verbatim')) as Project;
  if (!scrubbing)
    expect((await s.client.patch(`/api/v1/projects/${p.id}/privacy`, { scrubDefaults: false })).status).toBe(200);
  const key = p.keys[0] as (typeof p.keys)[0] & { sentryDsn: string; publicKey: string };
  return { ...s, project: p, dsn: server.dsn(key.sentryDsn), key: key.publicKey };
}

/** The secrets the SDK really sent (each in at least one request body). */
function sentSince(before: number, secrets: Secrets): string[] {
  const bodies = server.received.slice(before).map((r) => r.text);
  return Object.values(secrets).filter((v) => bodies.some((b) => b.includes(v)));
}

/** Rows each item table holds for the project: the sweep is only as good as what was stored. */
async function rowsOf(projectId: string): Promise<Record<string, number>> {
  const tables = [
    'events',
    'transactions',
    'spans',
    'logs',
    'metric_points',
    'feedback',
    'attachments',
    'session_states',
    'monitors',
  ];
  const counts: Record<string, number> = {};
  for (const t of tables)
    counts[t] = Number(
      (
        await pool().query(
          t === 'spans' // spans name their project by its number, a row holds a transaction's spans (#51)
            ? `SELECT coalesce(sum(span_count), 0) AS n FROM spans WHERE project = (SELECT number FROM projects WHERE id = $1)`
            : t === 'metric_points' // by its number too (#61)
              ? `SELECT count(*) AS n FROM metric_points WHERE project = (SELECT number FROM projects WHERE id = $1)`
              : `SELECT count(*) AS n FROM ${t} WHERE project_id = $1`,
          [projectId],
        )
      ).rows[0].n,
    );
  return counts;
}

/** The item tables where the sweep finds any of `secrets`. */
async function tablesHolding(secrets: Secrets): Promise<string[]> {
  const found = await sweepForSecrets(Object.values(secrets));
  // Partitions (events_p20261126, spans_default) count as their table.
  return [
    ...new Set(
      found.map((f) =>
        f
          .split(':')[0]
          .replace(/^public\./, '')
          .replace(/_(p\d+|default)$/, ''),
      ),
    ),
  ].sort();
}

describe('the same secrets in every field, every item kind', () => {
  // Two real SDK programs and a sweep of every table: more than the default 30 s on a busy machine.
  it('@sentry/node 11: none of them is stored anywhere; with scrubbing off every item table holds them', async () => {
    const secrets = makeSecrets();
    const control = makeSecrets();
    const scrubbed = await project(true);
    const verbatim = await project(false);

    let before = server.received.length;
    await program('sentry-app.mjs', [scrubbed.dsn, JSON.stringify(secrets)]);
    const kinds = new Set(server.received.slice(before).flatMap((r) => r.itemTypes));
    expect([...kinds].sort()).toEqual(
      expect.arrayContaining(['attachment', 'check_in', 'event', 'feedback', 'log', 'session', 'span', 'trace_metric']),
    );
    expect(
      server.received
        .slice(before)
        .map((r) => r.status)
        .filter((s) => s !== 200),
    ).toEqual([]);
    expect(sentSince(before, secrets).sort()).toEqual(Object.values(secrets).sort());

    before = server.received.length;
    await program('sentry-app.mjs', [verbatim.dsn, JSON.stringify(control)]);
    expect(sentSince(before, control).length).toBe(Object.keys(control).length);
    await flushOutcomes();

    const stored = await rowsOf(scrubbed.project.id);
    expect(
      Object.entries(stored).filter(([, n]) => n === 0),
      'every kind was stored',
    ).toEqual([]);
    expect(stored).toMatchObject({
      events: 2,
      transactions: 1,
      spans: 2,
      logs: 2,
      metric_points: 2,
      feedback: 1,
      attachments: 1,
      monitors: 1,
    });
    expect(await sweepForSecrets(Object.values(secrets))).toEqual([]);
    expect(await tablesHolding(control)).toEqual(
      expect.arrayContaining([
        'attachments',
        'events',
        'feedback',
        'logs',
        'metric_points',
        'metric_series',
        'session_states',
        'spans',
        'transactions',
      ]),
    );

    // The feedback API returns the scope's contexts and tags with their secrets filtered.
    const inbox = (await scrubbed.client.get(`/api/v1/projects/${scrubbed.project.id}/feedback`)).body.data.feedback;
    expect(inbox).toHaveLength(1);
    const feedback = inbox[0];
    expect(feedback.contexts.tags).toMatchObject({ password: '[Filtered]', auth_token: '[Filtered]' });
    expect(feedback.contexts.checkout).toMatchObject({ password: '[Filtered]', api_key: '[Filtered]' });
    expect(feedback.message).toContain('card [Filtered]');

    // The segment name is scrubbed as its transaction's is, so the transaction's span groups find its spans.
    const name = 'GET /cards/[Filtered]/verify';
    const { rows } = await pool().query(
      `SELECT DISTINCT transaction FROM spans WHERE project = (SELECT number FROM projects WHERE id = $1) AND transaction IS NOT NULL`,
      [scrubbed.project.id],
    );
    expect(rows).toEqual([{ transaction: name }]);
    const groups = await scrubbed.client.get(
      `/api/v1/projects/${scrubbed.project.id}/performance/transactions/${encodeURIComponent(name)}/spans`,
    );
    expect(groups.status, groups.text).toBe(200);
    expect(groups.body.data.length).toBeGreaterThan(0);
  }, 90_000);

  it('OpenTelemetry over OTLP: none of them is stored anywhere; with scrubbing off spans, logs and metrics hold them', async () => {
    const secrets = makeSecrets();
    const control = makeSecrets();
    const scrubbed = await project(true);
    const verbatim = await project(false);
    const args = (p: Awaited<ReturnType<typeof project>>, s: Secrets) => [
      server.otlpUrl(p.project.number, 'traces'),
      server.otlpUrl(p.project.number, 'logs'),
      p.key,
      JSON.stringify(s),
      server.otlpUrl(p.project.number, 'metrics'),
    ];
    const before = server.received.length;
    await program('otel-app.mjs', args(scrubbed, secrets));
    await program('otel-app.mjs', args(verbatim, control));
    expect(server.received.slice(before).map((r) => r.status)).toEqual([200, 200, 200, 200, 200, 200]);
    await flushOutcomes();

    expect(await rowsOf(scrubbed.project.id)).toMatchObject({ spans: 2, logs: 1, metric_points: 1 });
    expect(await sweepForSecrets(Object.values(secrets))).toEqual([]);
    expect(await tablesHolding(control)).toEqual(expect.arrayContaining(['logs', 'spans', 'metric_series']));
  });
});
