// #45: a release's page compares it with the previous release, the one first seen latest before it. Two releases
// whose sessions began within the same hour were not compared (their first hours were equal, and only an earlier
// hour counted); now the first event's time orders them, then the release's creation, then the version.
import crypto from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { signUp } from '../support/accounts';
import { createProject } from '../support/fixtures';
import { jsonEnvelope } from '../support/envelope-body';

const HOUR = 3_600_000;
// A whole UTC hour that has passed: every time below falls inside it.
const hourStart = Math.floor((Date.now() - 2 * HOUR) / HOUR) * HOUR;
const at = (minutes: number) => new Date(hourStart + minutes * 60_000);

async function setup() {
  const s = await signUp();
  const project = await createProject(s.client, 'Web shop');
  const key = project.keys[0].publicKey;
  const post = async (items: { type: string; payload: unknown }[]) => {
    const res = await s.client.post(`/api/${project.number}/envelope/?sentry_key=${key}`, jsonEnvelope(items));
    expect(res.status, res.text).toBe(200);
  };
  /** `n` sessions of a release started at `started`, `crashed` of them crashed. */
  const sessions = (release: string, started: Date, n: number, crashed = 0) =>
    post(
      Array.from({ length: n }, (_, i) => ({
        type: 'session',
        payload: {
          sid: crypto.randomUUID(),
          did: `user-${release}-${i}`,
          started: started.toISOString(),
          status: i < crashed ? 'crashed' : 'exited',
          attrs: { release, environment: 'production' },
        },
      })),
    );
  const event = (release: string, timestamp: Date) =>
    post([
      {
        type: 'event',
        payload: {
          event_id: crypto.randomUUID().replace(/-/g, ''),
          timestamp: timestamp.getTime() / 1000,
          release,
          environment: 'production',
          message: `first error of ${release}`,
        },
      },
    ]);
  const previousOf = async (version: string) => {
    const res = await s.client.get(`/api/v1/projects/${project.id}/releases/${encodeURIComponent(version)}/health`);
    expect(res.status, res.text).toBe(200);
    return res.body.data as {
      release: { version: string; sessions: number } | null;
      previous: { version: string; sessions?: number; crashFreeSessions?: number } | null;
    };
  };
  return { ...s, project, sessions, event, previousOf };
}

describe('the previous release of a release', () => {
  it('two releases started within the same hour: the later one is compared with the earlier one', async () => {
    const t = await setup();
    // web-shop@1.4.2 went out at :05 and web-shop@1.4.3 at :40 of the same hour.
    await t.event('web-shop@1.4.2', at(5));
    await t.sessions('web-shop@1.4.2', at(5), 4, 1);
    await t.event('web-shop@1.4.3', at(40));
    await t.sessions('web-shop@1.4.3', at(40), 5);

    const newer = await t.previousOf('web-shop@1.4.3');
    expect(newer.release).toMatchObject({ version: 'web-shop@1.4.3', sessions: 5 });
    expect(newer.previous).toMatchObject({ version: 'web-shop@1.4.2', sessions: 4, crashFreeSessions: 0.75 });
    // The earlier one has none before it.
    expect((await t.previousOf('web-shop@1.4.2')).previous).toBeNull();
  });

  it('an earlier hour still comes first, whatever the first events say; the latest of several is the previous', async () => {
    const t = await setup();
    await t.sessions('api@1', new Date(hourStart - 3 * HOUR), 2);
    // api@2's sessions began the hour before, though its first event came after api@3's.
    await t.sessions('api@2', new Date(hourStart - HOUR), 2);
    await t.event('api@2', at(50));
    await t.sessions('api@3', at(10), 2);
    await t.event('api@3', at(10));

    expect((await t.previousOf('api@3')).previous?.version).toBe('api@2');
    expect((await t.previousOf('api@2')).previous?.version).toBe('api@1');
    expect((await t.previousOf('api@1')).previous).toBeNull();
  });

  it('sessions only, in the same hour: the release made first by CI comes first, else the version decides', async () => {
    const t = await setup();
    for (const version of ['worker@b', 'worker@a']) {
      expect((await t.client.post(`/api/v1/projects/${t.project.id}/releases`, { version })).status).toBe(201);
    }
    await t.sessions('worker@a', at(20), 1);
    await t.sessions('worker@b', at(20), 1);
    // worker@b was created first, so it is the earlier release although its version sorts later.
    expect((await t.previousOf('worker@a')).previous?.version).toBe('worker@b');
    expect((await t.previousOf('worker@b')).previous).toBeNull();

    // Neither has a release row: the tie is broken by the version, the same way from both sides.
    await t.sessions('cron@1', at(50), 1);
    await t.sessions('cron@2', at(50), 1);
    const tie = [(await t.previousOf('cron@1')).previous?.version, (await t.previousOf('cron@2')).previous?.version];
    expect(tie).toEqual(['worker@a', 'cron@1']);
  });

  it('a release with no sessions or events yet is compared with the latest release', async () => {
    const t = await setup();
    await t.sessions('app@1', at(5), 1);
    await t.sessions('app@2', at(15), 1);
    expect((await t.client.post(`/api/v1/projects/${t.project.id}/releases`, { version: 'app@3' })).status).toBe(201);
    const detail = await t.previousOf('app@3');
    expect(detail.release).toBeNull();
    expect(detail.previous?.version).toBe('app@2');
  });
});
