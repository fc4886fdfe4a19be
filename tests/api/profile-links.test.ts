// #60: a continuous profile chunk names the transaction it sampled and its trace. The real @sentry/profiling-node 11
// (tests/support/profiling-sdks/app.mjs) runs one transaction "GET /checkout" under its continuous profiler: the
// chunk it sends names no transaction, its root span names the profiler.
import { execFile } from 'node:child_process';
import path from 'node:path';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signUp } from '../support/accounts';
import { createProject } from '../support/fixtures';
import { startSentryServer } from './sentry-server';

const DIR = path.join(import.meta.dirname, '../support/profiling-sdks');
let server: Awaited<ReturnType<typeof startSentryServer>>;
beforeAll(async () => {
  server = await startSentryServer();
});
afterAll(async () => {
  await server.close();
});

describe('profile links (#60)', () => {
  it('@sentry/profiling-node: the chunk lists and opens with its transaction and trace; another organization 404', async () => {
    const s = await signUp();
    const project = await createProject(s.client, 'Checkout');
    const key = project.keys[0] as (typeof project.keys)[0] & { sentryDsn: string };
    const { stdout } = await promisify(execFile)(
      process.execPath,
      [path.join(DIR, 'app.mjs'), server.dsn(key.sentryDsn)],
      {
        timeout: 60_000,
      },
    );
    const lines = stdout.trim().split('\n');
    expect(lines.at(-1)).toBe('sent');
    const { traceId } = JSON.parse(lines.at(-2)!);

    const api = `/api/v1/projects/${project.id}/profiles`;
    const listed = (await s.client.get(api)).body.data.profiles;
    expect(listed).toHaveLength(1);
    expect(listed[0]).toMatchObject({ kind: 'continuous', transaction: 'GET /checkout', traceId, transactionCount: 1 });
    const one = await s.client.get(`${api}/${listed[0].id}`);
    expect(one.status, one.text).toBe(200);
    expect(one.body.data).toMatchObject({ transaction: 'GET /checkout', traceId, transactionCount: 1 });

    // Another organization: the chunk is 404, and its own project lists nothing.
    const other = await signUp();
    const theirs = await createProject(other.client, 'Elsewhere');
    expect((await other.client.get(`${api}/${listed[0].id}`)).status).toBe(404);
    expect((await other.client.get(`/api/v1/projects/${theirs.id}/profiles`)).body.data.profiles).toEqual([]);
  }, 90_000);
});
