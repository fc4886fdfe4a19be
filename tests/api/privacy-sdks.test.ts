// Privacy by default (#26) with the real SDKs: @sentry/node 11 and Debian's python3-sentry-sdk, sentry-go and
// sentry-ruby each send an error with secrets where their HTTP integrations put them (headers, cookies, query,
// form data, extra, breadcrumbs, the message). Every column of every row written, and the outbox, hold none of
// them; the same program sending to a project with scrubbing off is the control that the secrets were sent.
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signUp } from '../support/accounts';
import { createProject } from '../support/fixtures';
import { makeSecrets, sweepForSecrets, type Secrets } from '../support/secrets';
import { buildGoProgram, runSdkProgram, SDKS, type Sdk } from '../support/sdk-programs';
import { startSentryServer } from './sentry-server';

const DIR = path.join(import.meta.dirname, '../support/privacy-sdks');
let server: Awaited<ReturnType<typeof startSentryServer>>;
let goBinary: string;

beforeAll(async () => {
  server = await startSentryServer();
  goBinary = await buildGoProgram(DIR);
}, 200_000);

afterAll(async () => {
  await server.close();
});

/** Sends one error with `secrets` through the SDK to a new project; returns its id. */
async function sendWith(sdk: Sdk, secrets: Secrets, scrubbing: boolean) {
  const { client } = await signUp();
  const project = await createProject(client, `${sdk} ${scrubbing ? 'scrubbed' : 'verbatim'}`);
  if (!scrubbing)
    expect((await client.patch(`/api/v1/projects/${project.id}/privacy`, { scrubDefaults: false })).status).toBe(200);
  const dsn = server.dsn((project.keys[0] as (typeof project.keys)[0] & { sentryDsn: string }).sentryDsn);
  const before = server.received.length;
  await runSdkProgram({ sdk, dir: DIR, args: [dsn, JSON.stringify(secrets)], goBinary });
  const requests = server.received.slice(before);
  expect(requests.map((r) => r.status)).toContain(200);
  // Which secrets the SDK really sent (SDKs filter some themselves, differently).
  const sent = Object.values(secrets).filter((v) => requests.some((r) => r.text.includes(v)));
  const issues = (await client.get(`/api/v1/projects/${project.id}/issues`)).body.data.issues;
  expect(issues).toHaveLength(1);
  const events = (await client.get(`/api/v1/projects/${project.id}/issues/${issues[0].id}/events`)).body.data.events;
  return { issue: issues[0], event: events[0], sent };
}

describe.each(SDKS)('%s', (sdk) => {
  it('stores none of the secrets it sent; the same program to a project with scrubbing off stores them', async () => {
    const secret = makeSecrets();
    const control = makeSecrets();
    const scrubbed = await sendWith(sdk, secret, true);
    const verbatim = await sendWith(sdk, control, false);

    // Every SDK sends these as they are (extra, message, breadcrumb data); the Python, Go and Ruby ones send
    // the auth header, cookies and query string too, where @sentry/node 11 filters some itself.
    expect(scrubbed.sent).toEqual(expect.arrayContaining([secret.password, secret.card, secret.apiKey]));
    if (sdk !== '@sentry/node')
      expect(scrubbed.sent).toEqual(expect.arrayContaining([secret.bearer, secret.cookie, secret.queryToken]));
    expect(await sweepForSecrets(Object.values(secret))).toEqual([]);
    // The control: everything the SDK sent to the project with scrubbing off is stored somewhere.
    const found = new Set((await sweepForSecrets(Object.values(control))).map((f) => f.split(': ').at(-1)));
    expect([...found].sort()).toEqual([...verbatim.sent].sort());

    expect(scrubbed.issue.title).toMatch(/card \[Filtered\] declined$/);
    expect(JSON.stringify(scrubbed.event.request)).toContain('[Filtered]');
    expect(scrubbed.event.extra).toMatchObject({ password: '[Filtered]' });
    expect(
      scrubbed.event.breadcrumbs.find((b: { message?: string }) => b.message === 'POST /login').data,
    ).toMatchObject({ api_key: '[Filtered]' });
  });
});
