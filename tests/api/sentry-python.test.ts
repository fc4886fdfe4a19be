// Debian's python3-sentry-sdk (a non-JavaScript SDK, `apt-get install python3-sentry-sdk`) runs a small
// program (tests/support/sentry-python/app.py) against a loopback server handing requests to our routes;
// everything is asserted through the API.
import { execFile } from 'node:child_process';
import path from 'node:path';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signUp } from '../support/accounts';
import { createProject } from '../support/fixtures';
import type { TestClient } from '../support/client';
import { startSentryServer } from './sentry-server';

const PYTHON = '/usr/bin/python3';
const APP = path.join(import.meta.dirname, '../support/sentry-python/app.py');

let server: Awaited<ReturnType<typeof startSentryServer>>;
let client: TestClient;
let project: Awaited<ReturnType<typeof createProject>>;

type Issue = { id: string; title: string; culprit: string | null; level: string; eventCount: number };
let issues: Issue[];

async function latestEvent(issue: Issue) {
  const res = await client.get(`/api/v1/projects/${project.id}/issues/${issue.id}/events`);
  return res.body.data.events[0];
}
const byTitle = (title: string) => {
  const found = issues.find((i) => i.title === title);
  if (!found) throw new Error(`no issue titled ${title}: ${issues.map((i) => i.title).join(' | ')}`);
  return found;
};

beforeAll(async () => {
  server = await startSentryServer();
  const s = await signUp();
  client = s.client;
  project = await createProject(client, 'Billing worker', 'python');
  const sentryDsn = (project.keys[0] as (typeof project.keys)[0] & { sentryDsn: string }).sentryDsn;
  const { stdout } = await promisify(execFile)(PYTHON, [APP, server.dsn(sentryDsn)], { timeout: 30_000 });
  expect(stdout.trim()).toBe('sent');
  issues = (await client.get(`/api/v1/projects/${project.id}/issues`, { query: { limit: 50 } })).body.data.issues;
}, 60_000);

afterAll(async () => {
  await server.close();
});

describe('python3-sentry-sdk against our Sentry endpoints', () => {
  it('every request it sent was answered 200', () => {
    expect(server.received.length).toBeGreaterThanOrEqual(6);
    expect(server.received.filter((r) => r.status !== 200)).toEqual([]);
  });

  it('a chained exception (raise … from …): thrown exception first, then its cause, frames innermost first with context lines and in_app', async () => {
    const issue = byTitle('RuntimeError: could not load invoice');
    expect(issue.level).toBe('ERROR');
    expect(issue.culprit).toMatch(/app\.py in load_invoice$/);
    const ev = await latestEvent(issue);
    expect(ev.message).toBe('could not load invoice');
    expect(ev.platform).toBe('python');
    expect(ev.exceptions.map((e: { type: string; value: string }) => [e.type, e.value])).toEqual([
      ['RuntimeError', 'could not load invoice'],
      ['ValueError', "invalid literal for int() with base 10: '12,50'"],
    ]);
    expect(ev.exceptions[0].stacktrace).toEqual(ev.stacktrace);
    const thrownTop = ev.stacktrace.frames[0];
    expect(thrownTop).toMatchObject({
      function: 'load_invoice',
      module: '__main__',
      in_app: true,
      context_line: '        raise RuntimeError("could not load invoice") from err',
    });
    expect(thrownTop.abs_path).toBe(APP);
    expect(thrownTop.pre_context).toHaveLength(5);
    expect(thrownTop.post_context.length).toBeGreaterThan(0);
    const causeTop = ev.exceptions[1].stacktrace.frames[0];
    expect(causeTop).toMatchObject({ function: 'parse_amount', context_line: '    return int(text)', in_app: true });
    expect(ev.exceptions[0].mechanism ?? null).toEqual(null);
    expect(ev.tags).toMatchObject({ tenant: 'acme' });
    expect(ev.userContext).toEqual({ id: '42', email: 'ada@example.com' });
    expect(ev.environment).toBe('test');
    expect(ev.release).toBe('billing@2.4.0');
    expect(ev.serverName).toBe('worker-1');
    expect(ev.sdk).toEqual({ name: 'sentry.python', version: expect.stringMatching(/^1\./) });
    expect(ev.contexts.runtime).toMatchObject({ name: 'CPython', version: expect.stringMatching(/^3\./) });
    expect(ev.extra).toMatchObject({ job: { attempt: 3 } });
    expect(ev.modules).toMatchObject({ 'sentry-sdk': expect.any(String) });
  });

  it('capture_message: two messages are two issues titled by their text, without a stack trace', async () => {
    const disk = byTitle('Disk almost full');
    const cache = byTitle('Cache warmed');
    expect(disk.id).not.toBe(cache.id);
    expect([disk.level, disk.eventCount]).toEqual(['INFO', 1]);
    const ev = await latestEvent(disk);
    expect([ev.message, ev.stacktrace, ev.exceptions]).toEqual(['Disk almost full', null, []]);
    expect(ev.tags).toMatchObject({ tenant: 'acme' });
  });

  it('the logging integration: one issue for the same log line with other params, titled by the formatted message; logger and template kept', async () => {
    const payments = issues.filter((i) => i.title.startsWith('Payment '));
    expect(payments).toHaveLength(1);
    expect(payments[0].eventCount).toBe(2);
    expect(payments[0].culprit).toBe('billing.payments');
    const ev = await latestEvent(payments[0]);
    expect(ev.logger).toBe('billing.payments');
    expect(ev.logentry).toEqual({
      message: 'Payment %s failed for user %d',
      params: expect.any(Array),
      formatted: expect.stringMatching(/^Payment p_(123|456) failed for user [78]$/),
    });
    expect(ev.message).toBe(ev.logentry.formatted);
    expect(ev.breadcrumbs.some((b: { message?: string }) => b.message === 'a breadcrumb only')).toBe(true);
    expect(issues.some((i) => i.title.includes('a breadcrumb only'))).toBe(false);
  });

  it('a transaction reaches the performance endpoints', async () => {
    const groups = await client.get(`/api/v1/projects/${project.id}/performance/transactions`);
    const report = groups.body.data.find((g: { name: string }) => g.name === 'nightly-report');
    expect(report).toMatchObject({ count: 1 });
    expect(report.p50).toBeGreaterThanOrEqual(50);
  });
});
