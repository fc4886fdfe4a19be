// Messages as Sentry shows them (#28), with the real SDKs: each program sends "Disk almost full" twice from one
// function, "Cache warmed" from the same function, and "Disk almost full" from another. @sentry/node wraps a
// message in a synthetic exception, sentry-ruby attaches the thread's stack, Python and Go attach theirs when
// asked: every one is titled by its message, the same message from the same place is one issue, and two
// messages from one function are two.
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signUp } from '../support/accounts';
import { createProject } from '../support/fixtures';
import { buildGoProgram, runSdkProgram, SDKS } from '../support/sdk-programs';
import { startSentryServer } from './sentry-server';

const DIR = path.join(import.meta.dirname, '../support/messages-sdks');
let server: Awaited<ReturnType<typeof startSentryServer>>;
let goBinary: string;

beforeAll(async () => {
  server = await startSentryServer();
  goBinary = await buildGoProgram(DIR);
}, 200_000);

afterAll(async () => {
  await server.close();
});

describe.each(SDKS)('%s', (sdk) => {
  it('titled by the message; one issue per message and place', async () => {
    const { client } = await signUp();
    const project = await createProject(client, `${sdk} messages`);
    const dsn = server.dsn((project.keys[0] as (typeof project.keys)[0] & { sentryDsn: string }).sentryDsn);
    await runSdkProgram({ sdk, dir: DIR, args: [dsn], goBinary });
    const issues = (await client.get(`/api/v1/projects/${project.id}/issues`, { query: { sort: 'firstSeen' } })).body
      .data.issues as { title: string; eventCount: number; culprit: string }[];
    const summary = issues
      .map((i) => [i.title, i.eventCount])
      .sort((a, b) => String(a[0]).localeCompare(String(b[0])) || Number(b[1]) - Number(a[1]));
    expect(summary).toEqual([
      ['Cache warmed', 1],
      ['Disk almost full', 2],
      ['Disk almost full', 1],
    ]);
    // Each place is the issue's culprit: the function that sent it.
    const disk = issues.filter((i) => i.title === 'Disk almost full').sort((a, b) => b.eventCount - a.eventCount);
    expect(disk[0].culprit).toMatch(/nightly_?[rR]eport/);
    expect(disk[1].culprit).toMatch(/cleanup/);
  });
});
