// #31: CRASH_FREE alert rules. Sessions sent through the Sentry endpoint; the minute job's evaluation is run
// directly: once per breach (webhook in Slack's shape, email) and once on recovery, never twice; a release below the
// minimum number of sessions does not count; bad rules are 400.
import { describe, expect, it } from 'vitest';
import { evaluateCrashFreeRules } from '@/lib/alerts/crash-free-rules';
import { signUp, outboxFor, uniqueEmail } from '../support/accounts';
import { createProject } from '../support/fixtures';
import { useAlertWorkers } from '../support/alert-workers';
import { waitUntil } from '../support/wait';

const receiver = useAlertWorkers();

async function setup() {
  const s = await signUp();
  const project = await createProject(s.client, 'Mobile app');
  const key = project.keys[0].publicKey;
  const sessions = async (release: string, exited: number, crashed: number) => {
    const body = [
      JSON.stringify({}),
      JSON.stringify({ type: 'sessions' }),
      JSON.stringify({
        aggregates: [{ started: new Date(Date.now() - 60_000).toISOString(), exited, crashed }],
        attrs: { release, environment: 'production' },
      }),
    ].join('\n');
    expect((await s.client.post(`/api/${project.number}/envelope/?sentry_key=${key}`, body)).status).toBe(200);
  };
  return { ...s, project, sessions };
}

describe('CRASH_FREE rules', () => {
  it('fire once when a release falls below, once when it recovers; Slack webhook and email', async () => {
    const hook = await receiver();
    const t = await setup();
    const email = uniqueEmail('release-owner');
    const res = await t.client.post(`/api/v1/projects/${t.project.id}/alerts`, {
      name: 'Crash-free sessions',
      type: 'CRASH_FREE',
      crashFreeBelow: 99,
      windowMinutes: 60,
      minSessions: 50,
      webhookUrl: `${hook.url}/slack`,
      webhookFormat: 'slack',
      notifyEmail: email,
    });
    expect(res.status, res.text).toBe(201);
    expect(res.body.data).toMatchObject({
      type: 'CRASH_FREE',
      crashFreeBelow: 99,
      crashFreeMetric: 'sessions',
      minSessions: 50,
      windowMinutes: 60,
      threshold: null,
      breached: false,
    });

    // A release with too few sessions to judge, however crashy.
    await t.sessions('app@0.9', 10, 10);
    // A healthy release.
    await t.sessions('app@1.0', 199, 1);
    expect(await evaluateCrashFreeRules()).toEqual([]);
    // A bad one: 95 % crash-free over 100 sessions.
    await t.sessions('app@1.1', 95, 5);
    expect(await evaluateCrashFreeRules()).toEqual([{ ruleId: res.body.data.id, state: 'breached' }]);
    expect(await evaluateCrashFreeRules()).toEqual([]);
    const [breach] = await hook.waitFor(1);
    expect(breach.json).toMatchObject({
      text: 'Crash-free sessions below 99 % in Mobile app: app@1.1: 95.00 % crash-free sessions',
    });
    await waitUntil(() => outboxFor(email, 'crash-free').length === 1);
    expect(outboxFor(email, 'crash-free')[0].subject).toBe('[Mobile app] app@1.1: 95.00 % crash-free sessions');

    // More good sessions of the bad release lift it above 99 %: recovered, once.
    await t.sessions('app@1.1', 500, 0);
    expect(await evaluateCrashFreeRules()).toEqual([{ ruleId: res.body.data.id, state: 'recovered' }]);
    expect(await evaluateCrashFreeRules()).toEqual([]);
    const [, recovered] = await hook.waitFor(2);
    expect(recovered.json).toMatchObject({
      text: 'Crash-free sessions recovered in Mobile app: app@1.1: 99.17 % crash-free sessions',
    });
    expect((await t.client.get(`/api/v1/projects/${t.project.id}/alerts`)).body.data[0].breached).toBe(false);
  });

  it.each([
    ['no rate', { windowMinutes: 60 }, 'crashFreeBelow'],
    ['no window', { crashFreeBelow: 99 }, 'windowMinutes'],
    ['a rate of 100', { crashFreeBelow: 100, windowMinutes: 60 }, 'crashFreeBelow'],
    [
      'a metric that is neither',
      { crashFreeBelow: 99, windowMinutes: 60, crashFreeMetric: 'pages' },
      'crashFreeMetric',
    ],
    ['zero sessions', { crashFreeBelow: 99, windowMinutes: 60, minSessions: 0 }, 'minSessions'],
  ])('%s: 400 naming the field', async (_label, fields, field) => {
    const t = await setup();
    const res = await t.client.post(`/api/v1/projects/${t.project.id}/alerts`, {
      name: 'Bad',
      type: 'CRASH_FREE',
      notifyEmail: 'a@example.com',
      ...fields,
    });
    expect(res.status).toBe(400);
    expect(res.body.error.map((e: { path: string[] }) => e.path.join('.'))).toEqual([field]);
  });
});
