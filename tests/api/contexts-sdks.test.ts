// #58, every context kept: the real @sentry/node 11 and Debian's python3-sentry-sdk, sentry-go and sentry-ruby each
// set a context of their own (`setContext('order', …)`, nested values included) on an error; it comes back whole
// through the event API, beside the SDK's own contexts, and the issue search finds the event by its values.
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signUp } from '../support/accounts';
import { createProject } from '../support/fixtures';
import { buildGoProgram, runSdkProgram, SDKS, type Sdk } from '../support/sdk-programs';
import { startSentryServer } from './sentry-server';

const DIR = path.join(import.meta.dirname, '../support/contexts-sdks');
let server: Awaited<ReturnType<typeof startSentryServer>>;
let goBinary: string;

beforeAll(async () => {
  server = await startSentryServer();
  goBinary = await buildGoProgram(DIR);
}, 200_000);

afterAll(async () => {
  await server.close();
});

// Nested objects and lists, numbers, booleans and text: at most 10 keys on a level (python-sentry-sdk's own breadth).
const order = {
  id: 'o-1042',
  status: 'paid',
  total: 99.5,
  gift: false,
  customer: { tier: 'gold', since: 2019, tags: ['vip', 'beta'] },
  lines: [
    { sku: 'A-1', qty: 2 },
    { sku: 'B-7', qty: 1 },
  ],
};

/** What each SDK sends of its own beside the team's context (which contexts, by name). */
const OWN: Record<Sdk, string[]> = {
  '@sentry/node': ['trace'],
  'python3-sentry-sdk': ['runtime'],
  'sentry-go': ['device', 'os', 'runtime'],
  'sentry-ruby': ['os', 'runtime'],
};

describe.each(SDKS)('%s', (sdk) => {
  it('a context set by the app comes back whole through the event API and is found by the issue search', async () => {
    const { client } = await signUp();
    const project = await createProject(client, `Contexts ${sdk}`);
    const dsn = server.dsn((project.keys[0] as (typeof project.keys)[0] & { sentryDsn: string }).sentryDsn);
    const before = server.received.length;
    await runSdkProgram({ sdk, dir: DIR, args: [dsn, JSON.stringify(order)], goBinary });
    expect(server.received.slice(before).map((r) => r.status)).toContain(200);

    const issues = (await client.get(`/api/v1/projects/${project.id}/issues`)).body.data.issues;
    expect(issues).toHaveLength(1);
    const res = await client.get(`/api/v1/projects/${project.id}/issues/${issues[0].id}/events`);
    const event = res.body.data.events[0];
    expect(event.contexts.order).toEqual(order);
    expect(Object.keys(event.contexts)).toEqual(expect.arrayContaining(['order', ...OWN[sdk]]));

    const search = async (query: string) =>
      (await client.get(`/api/v1/projects/${project.id}/issues`, { query: { query } })).body.data.issues.map(
        (i: { id: string }) => i.id,
      );
    expect(await search('contexts.order.status:paid contexts.order.total:99.5 contexts.order.gift:false')).toEqual([
      issues[0].id,
    ]);
    expect(await search('contexts.order.status:refunded')).toEqual([]);
    // Nested values are shown and returned, not searched: only a context's top-level values are.
    expect(await search('contexts.order.customer:gold')).toEqual([]);
  });
});
