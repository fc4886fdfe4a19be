// #45: check-ins that arrive out of order. The real @sentry/node makes each run's envelopes (withMonitor: the start,
// then the end); they are held and delivered in another order, as a retrying or slow network may deliver them. The
// monitor's status is that of its newest run by the check-ins' own times (the envelope's sent_at), not by arrival;
// the monitor's issue follows that status; the newest run leads the list.
import * as Sentry from '@sentry/node';
import { afterEach, describe, expect, it } from 'vitest';
import { signUp } from '../support/accounts';
import { createProject } from '../support/fixtures';
import { startSentryServer } from './sentry-server';

type Transport = ReturnType<NonNullable<Sentry.NodeOptions['transport']>>;
type Envelope = Parameters<Transport['send']>[0];
type Run = { id: string; status: string; durationMs: number | null; startedAt: string; finishedAt: string | null };
type MonitorOut = { slug: string; status: string; issueId: string | null; lastCheckinAt: string | null; runs: Run[] };

const CONFIG = {
  schedule: { type: 'crontab' as const, value: '0 * * * *' },
  checkinMargin: 5,
  maxRuntime: 30,
  timezone: 'UTC',
  failureIssueThreshold: 1,
  recoveryThreshold: 1,
};

const pause = (ms: number) => new Promise((r) => setTimeout(r, ms));

afterEach(async () => {
  await Sentry.close(2000);
});

/** A project, and the real SDK whose envelopes are held until the test delivers them, in the order it chooses. */
async function setup() {
  const s = await signUp();
  const project = await createProject(s.client, 'Jobs');
  const server = await startSentryServer();
  const held: Envelope[] = [];
  let deliverer: Transport | undefined;
  Sentry.init({
    dsn: server.dsn((project.keys[0] as { sentryDsn?: string }).sentryDsn!),
    defaultIntegrations: false,
    transport: (options) => {
      deliverer = Sentry.makeNodeTransport(options);
      return {
        send: async (envelope) => {
          held.push(envelope);
          return {};
        },
        flush: async () => true,
      };
    },
  });
  /** One run of the job through withMonitor: its start and end envelopes, held. */
  const run = async (slug: string, outcome: 'ok' | 'error', config = CONFIG) => {
    const from = held.length;
    await Sentry.withMonitor(
      slug,
      async () => {
        await pause(15);
        if (outcome === 'error') throw new Error('disk full');
      },
      config,
    ).catch(() => undefined);
    // The next run starts a little later, so the runs' own times differ.
    await pause(30);
    const [start, end] = held.slice(from);
    expect([checkIn(start).status, checkIn(end).status]).toEqual(['in_progress', outcome]);
    return { start, end };
  };
  const deliver = async (...envelopes: Envelope[]) => {
    for (const e of envelopes) expect((await deliverer!.send(e)).statusCode).toBe(200);
  };
  const monitor = async (slug: string) => {
    const res = await s.client.get(`/api/v1/projects/${project.id}/monitors`);
    return (res.body.data as MonitorOut[]).find((m) => m.slug === slug)!;
  };
  const issueStatus = async (issueId: string) =>
    (await s.client.get(`/api/v1/projects/${project.id}/issues/${issueId}`)).body.data.status as string;
  return { ...s, project, server, run, deliver, monitor, issueStatus };
}

function checkIn(envelope: Envelope) {
  const [, items] = envelope;
  const [header, payload] = items[0] as unknown as [{ type: string }, { check_in_id: string; status: string }];
  expect(header.type).toBe('check_in');
  return payload;
}
const sentAt = (envelope: Envelope) => String((envelope[0] as { sent_at?: string }).sent_at);

describe('check-ins of two runs out of order', () => {
  it('run A (earlier, ok) arriving after run B (later, error): failing, the issue open, B the latest run', async () => {
    const t = await setup();
    try {
      const a = await t.run('nightly-backup', 'ok');
      const b = await t.run('nightly-backup', 'error');
      expect(sentAt(a.end) < sentAt(b.start)).toBe(true);

      await t.deliver(b.start, b.end);
      let m = await t.monitor('nightly-backup');
      expect(m.status).toBe('error');
      expect(m.issueId).not.toBeNull();
      const issueId = m.issueId!;
      expect(await t.issueStatus(issueId)).toBe('UNRESOLVED');

      // A's check-ins come last: A is the older run, so the monitor stays failing and its issue open.
      await t.deliver(a.start, a.end);
      m = await t.monitor('nightly-backup');
      expect(m.status).toBe('error');
      expect(await t.issueStatus(issueId)).toBe('UNRESOLVED');
      expect(m.runs.map((r) => [r.id, r.status])).toEqual([
        [checkIn(b.end).check_in_id, 'error'],
        [checkIn(a.end).check_in_id, 'ok'],
      ]);
      // Each run keeps the times its SDK gave it, and the last check-in is B's end, not A's late arrival.
      expect(m.runs[0].startedAt).toBe(new Date(sentAt(b.start)).toISOString());
      expect(m.runs[1].startedAt).toBe(new Date(sentAt(a.start)).toISOString());
      expect(m.runs[1].finishedAt).toBe(new Date(sentAt(a.end)).toISOString());
      expect(m.lastCheckinAt).toBe(new Date(sentAt(b.end)).toISOString());

      // A newer good run still recovers it.
      const c = await t.run('nightly-backup', 'ok');
      await t.deliver(c.end, c.start);
      m = await t.monitor('nightly-backup');
      expect(m.status).toBe('ok');
      expect(await t.issueStatus(issueId)).toBe('RESOLVED');
      expect(m.runs.map((r) => r.status)).toEqual(['ok', 'error', 'ok']);
    } finally {
      await t.server.close();
    }
  });

  it('run A (earlier, error) arriving after run B (later, ok): OK, and no issue for the older failure', async () => {
    const t = await setup();
    try {
      const a = await t.run('sync', 'error');
      const b = await t.run('sync', 'ok');
      await t.deliver(b.start, b.end, a.start, a.end);
      const m = await t.monitor('sync');
      expect(m.status).toBe('ok');
      expect(m.issueId).toBeNull();
      expect(m.runs.map((r) => r.status)).toEqual(['ok', 'error']);
    } finally {
      await t.server.close();
    }
  });

  it('two failures reversed still make the streak that opens the issue (failure threshold 2)', async () => {
    const t = await setup();
    try {
      const config = { ...CONFIG, failureIssueThreshold: 2 };
      const a = await t.run('report', 'error', config);
      const b = await t.run('report', 'error', config);
      await t.deliver(b.start, b.end);
      let m = await t.monitor('report');
      expect([m.status, m.issueId]).toEqual(['error', null]);
      await t.deliver(a.end, a.start);
      m = await t.monitor('report');
      expect(m.status).toBe('error');
      expect(m.issueId).not.toBeNull();
      expect(await t.issueStatus(m.issueId!)).toBe('UNRESOLVED');
    } finally {
      await t.server.close();
    }
  });

  it('a sender whose clock is hours behind is ordered by arrival', async () => {
    const t = await setup();
    try {
      const a = await t.run('drifting', 'error');
      const b = await t.run('drifting', 'ok');
      // B's envelopes claim a time two hours back: a wrong clock, not a late request, so B counts as it arrives.
      const skewed = (e: Envelope) =>
        [
          { ...e[0], sent_at: new Date(Date.parse(sentAt(e)) - 2 * 3_600_000).toISOString() },
          e[1],
        ] as unknown as Envelope;
      await t.deliver(a.start, a.end, skewed(b.start), skewed(b.end));
      const m = await t.monitor('drifting');
      expect(m.status).toBe('ok');
      expect(m.runs.map((r) => r.status)).toEqual(['ok', 'error']);
    } finally {
      await t.server.close();
    }
  });
});

describe('the start and end of one run out of order', () => {
  it('ok before in_progress: one finished run, not stuck in progress, and the failing monitor recovers', async () => {
    const t = await setup();
    try {
      const a = await t.run('cleanup', 'error');
      await t.deliver(a.start, a.end);
      const failing = await t.monitor('cleanup');
      expect(failing.status).toBe('error');

      const b = await t.run('cleanup', 'ok');
      await t.deliver(b.end, b.start);
      const m = await t.monitor('cleanup');
      expect(m.status).toBe('ok');
      expect(await t.issueStatus(failing.issueId!)).toBe('RESOLVED');
      expect(m.runs.map((r) => r.status)).toEqual(['ok', 'error']);
      expect(m.runs[0].id).toBe(checkIn(b.end).check_in_id);
      // The SDK's own duration of the run (withMonitor waited 15 ms).
      expect(m.runs[0].durationMs).toBeGreaterThanOrEqual(10);
      expect(m.lastCheckinAt).toBe(new Date(sentAt(b.end)).toISOString());
    } finally {
      await t.server.close();
    }
  });

  it('in_progress before ok, the end arriving first and the start next: the same single run', async () => {
    const t = await setup();
    try {
      const a = await t.run('import', 'ok');
      await t.deliver(a.end, a.start, a.end);
      const m = await t.monitor('import');
      expect(m.status).toBe('ok');
      expect(m.runs).toHaveLength(1);
      expect(m.runs[0]).toMatchObject({ status: 'ok', finishedAt: new Date(sentAt(a.end)).toISOString() });
    } finally {
      await t.server.close();
    }
  });
});
