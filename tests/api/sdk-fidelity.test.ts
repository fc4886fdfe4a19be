// #43, fidelity with the real SDKs: a log line @sentry/node 11 writes inside a span is stored with that span (the
// SDK names it only in the `sentry.trace.parent_span_id` attribute); Debian's sentry-ruby sending one message from
// one method reached from two call sites is one issue (the callers' lines do not split it) in projects created with
// grouping version 3; those created with version 2 keep its keys.
import { execFile } from 'node:child_process';
import path from 'node:path';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { forgetIngestKey } from '@/lib/ingest/admit/resolve-key';
import { pool } from '@/lib/pg';
import { signUp } from '../support/accounts';
import { createProject } from '../support/fixtures';
import { startSentryServer } from './sentry-server';

const run = promisify(execFile);
const DIR = path.join(import.meta.dirname, '../support/fidelity-sdks');
let server: Awaited<ReturnType<typeof startSentryServer>>;

beforeAll(async () => {
  server = await startSentryServer();
});
afterAll(async () => {
  await server.close();
});

/** Runs `cmd file dsn`; its last line of output must be `sent`; returns the line before it. */
async function program(cmd: string, file: string, dsn: string): Promise<string> {
  const { stdout } = await run(cmd, [path.join(DIR, file), dsn], { timeout: 60_000 });
  const lines = stdout.trim().split('\n');
  expect(lines.at(-1), stdout).toBe('sent');
  return lines.at(-2) ?? '';
}

async function project(name: string) {
  const s = await signUp();
  const p = await createProject(s.client, name);
  return { ...s, project: p, dsn: server.dsn((p.keys[0] as (typeof p.keys)[0] & { sentryDsn: string }).sentryDsn) };
}

describe('@sentry/node 11: a log line written inside a span', () => {
  it('is stored with the span it was written in, read back through the logs API', async () => {
    const { client, project: p, dsn } = await project('Export');
    const before = server.received.length;
    const { traceId, spanId } = JSON.parse(await program(process.execPath, 'log-in-span.mjs', dsn)) as {
      traceId: string;
      spanId: string;
    };
    expect(spanId).toMatch(/^[0-9a-f]{16}$/);
    // What the SDK sent: no top-level span_id, the span only as the attribute.
    const sent = server.received.slice(before).find((r) => r.itemTypes.includes('log'))!.text;
    expect(sent).not.toContain('"span_id"');
    expect(sent).toContain(`"sentry.trace.parent_span_id":{"value":"${spanId}"`);

    const logs = (await client.get(`/api/v1/projects/${p.id}/logs`, { query: { traceId } })).body.data.logs as {
      body: string;
      traceId: string;
      spanId: string | null;
    }[];
    expect(logs.map((l) => [l.body, l.traceId, l.spanId])).toEqual([['Exported 42 rows', traceId, spanId]]);
  });
});

describe('sentry-ruby: one message from one method, reached from two call sites', () => {
  it('is one issue with both events, its culprit the method that sent it', async () => {
    const { client, project: p, dsn } = await project('Ruby messages');
    const before = server.received.length;
    await program('ruby', 'message-call-sites.rb', dsn);
    // The two events' stacks differ in the callers' lines and source lines (the program's two call sites).
    const sent = server.received.slice(before).filter((r) => r.itemTypes.includes('event'));
    expect(sent).toHaveLength(2);
    const callers = sent.map((r) => /"function":"check_disk","lineno":(\d+)/.exec(r.text)?.[1]);
    expect(new Set(callers).size).toBe(2);

    const issues = (await client.get(`/api/v1/projects/${p.id}/issues`)).body.data.issues as {
      title: string;
      eventCount: number;
      culprit: string;
    }[];
    expect(issues.map((i) => [i.title, i.eventCount])).toEqual([['Disk almost full', 2]]);
    expect(issues[0].culprit).toMatch(/nightly_report/);
  });

  it('a project created with grouping version 2 keeps its keys: stored issues are never regrouped', async () => {
    const { client, project: p, dsn } = await project('Ruby messages, version 2');
    await pool().query(`UPDATE projects SET grouping_version = 2 WHERE id = $1`, [p.id]);
    forgetIngestKey(p.keys[0].publicKey);
    await program('ruby', 'message-call-sites.rb', dsn);
    const issues = (await client.get(`/api/v1/projects/${p.id}/issues`)).body.data.issues as {
      title: string;
      eventCount: number;
    }[];
    expect(issues.map((i) => [i.title, i.eventCount])).toEqual([
      ['Disk almost full', 1],
      ['Disk almost full', 1],
    ]);
  });
});
