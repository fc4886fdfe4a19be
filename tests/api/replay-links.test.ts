// #60: the links we store, shown. A replay's error list names each event by its own message (its issue's title
// beside it); a replay is found by id anywhere in the organization (a backend error's replay is its browser
// project's); feedback answers its replay and trace, each with whether it is stored, and is read by id or by replay.
import { execFile } from 'node:child_process';
import path from 'node:path';
import { promisify } from 'node:util';
import { describe, expect, it } from 'vitest';
import { replayIdOf } from '@/lib/replays/replay-id-of';
import { createProject, setPlan } from '../support/fixtures';
import { NOW, id, recording, replayEvent, setup, type Item } from '../support/replay-envelopes';
import { startSentryServer } from './sentry-server';

const BACKEND = path.join(import.meta.dirname, '../support/replay-sdks/backend.cjs');

const segment = (replayId: string, extra: object = {}): Item[] => [
  { header: { type: 'replay_event' }, payload: replayEvent(replayId, 0, extra) },
  {
    header: { type: 'replay_recording' },
    payload: recording(0, [{ type: 4, timestamp: NOW, data: { href: 'https://shop.example/', width: 1, height: 1 } }]),
  },
];

/** One error as @sentry/browser sends it: same type and stack for every value, so one issue holds them all. */
const error = (eventId: string, value: string, offsetS: number, contexts: object = {}) => ({
  event_id: eventId,
  timestamp: NOW / 1000 + offsetS,
  level: 'error',
  platform: 'javascript',
  exception: {
    values: [
      {
        type: 'TypeError',
        value,
        stacktrace: {
          frames: [{ filename: 'app:///checkout.js', function: 'pay', lineno: 12, colno: 3, in_app: true }],
        },
      },
    ],
  },
  contexts,
});

describe('replay links (#60)', () => {
  it("lists each error the replay saw by the event's own message, its issue's title beside it", async () => {
    const t = await setup();
    const replayId = id();
    const [first, second] = [id(), id()];
    const replay = { replay: { replay_id: replayId } };
    for (const [eventId, value, at] of [
      [first, 'cart is undefined', 1],
      [second, 'price is NaN', 2],
    ] as const) {
      const res = await t.post({ event_id: eventId }, [
        { header: { type: 'event' }, payload: error(eventId, value, at, replay) },
      ]);
      expect(res.status, res.text).toBe(200);
    }
    const sent = await t.post({ event_id: replayId }, segment(replayId, { error_ids: [first, second] }));
    expect(sent.status, sent.text).toBe(200);

    const detail = await t.client.get(`${t.api}/${replayId}`);
    expect(detail.status, detail.text).toBe(200);
    const errors = detail.body.data.errors as {
      eventId: string;
      issueId: string;
      title: string;
      issueTitle: string;
      level: string;
    }[];
    expect(errors.map((e) => [e.eventId, e.title, e.issueTitle, e.level])).toEqual([
      [first, 'TypeError: cart is undefined', 'TypeError: cart is undefined', 'ERROR'],
      [second, 'TypeError: price is NaN', 'TypeError: cart is undefined', 'ERROR'],
    ]);
    expect(errors[0].issueId).toBe(errors[1].issueId);
  });

  it("finds a replay in any of the organization's projects; another organization, or none, gets 404", async () => {
    const t = await setup('Browser');
    await setPlan(t.project.orgId, 'PRO');
    const api = await createProject(t.client, 'Backend');
    const other = await setup('Other');
    const replayId = id();
    expect((await t.post({ event_id: replayId }, segment(replayId))).status).toBe(200);

    const path = `/api/v1/organization/replays/${replayId}`;
    const found = await t.client.get(path);
    expect(found.status, found.text).toBe(200);
    expect(found.body.data).toMatchObject({ id: replayId, projectId: t.project.id, segmentCount: 1 });
    // Dashed, upper-case: the same replay.
    const dashed = replayId.toUpperCase().replace(/^(.{8})(.{4})(.{4})(.{4})/, '$1-$2-$3-$4-');
    expect((await t.client.get(`/api/v1/organization/replays/${dashed}`)).body.data.id).toBe(replayId);
    expect(api.orgId).toBe(t.project.orgId);

    for (const [client, p, message] of [
      [other.client, path, 'Replay not found'],
      [t.client, `/api/v1/organization/replays/${id()}`, 'Replay not found'],
      [t.client, '/api/v1/organization/replays/not-a-replay', 'Not found'],
    ] as const) {
      const res = await client.get(p);
      expect([res.status, res.body], p).toEqual([404, { statusCode: 404, status: 'failed', message }]);
    }
    expect((await t.client.get(`${t.api}/${replayId}`)).status).toBe(200);
  });

  it("@sentry/node: a backend error whose request's baggage carries sentry-replay_id names the browser project's replay", async () => {
    const t = await setup('Browser');
    await setPlan(t.project.orgId, 'PRO');
    const backend = await createProject(t.client, 'Backend');
    const replayId = id();
    expect((await t.post({ event_id: replayId }, segment(replayId))).status).toBe(200);
    const server = await startSentryServer();
    try {
      const dsn = server.dsn((backend.keys[0] as (typeof backend.keys)[0] & { sentryDsn: string }).sentryDsn);
      const { stdout } = await promisify(execFile)(process.execPath, [BACKEND, dsn, replayId], { timeout: 30_000 });
      expect(stdout.trim()).toBe('sent');
    } finally {
      await server.close();
    }
    const issues = (await t.client.get(`/api/v1/projects/${backend.id}/issues`)).body.data.issues as { id: string }[];
    expect(issues).toHaveLength(1);
    const events = await t.client.get(`/api/v1/projects/${backend.id}/issues/${issues[0].id}/events`);
    const event = events.body.data.events[0];
    // What the event page reads: the replay id, then the replay in the organization (in the browser project).
    expect(replayIdOf(event)).toBe(replayId);
    const found = await t.client.get(`/api/v1/organization/replays/${replayIdOf(event)}`);
    expect([found.status, found.body.data.projectId]).toEqual([200, t.project.id]);
  });

  it('answers the replay and trace feedback was sent with, each stored or not; reads one piece or one replay’s', async () => {
    const t = await setup();
    const [replayId, lostReplay, traceId, lostTrace] = [id(), id(), id(), id()];
    expect((await t.post({ event_id: replayId }, segment(replayId))).status).toBe(200);
    const errorId = id();
    const traced = error(errorId, 'boom', 0, { trace: { trace_id: traceId, span_id: id().slice(0, 16) } });
    expect((await t.post({ event_id: errorId }, [{ header: { type: 'event' }, payload: traced }])).status).toBe(200);
    const feedback = (message: string, replay: string, trace: string) => ({
      type: 'feedback',
      event_id: id(),
      timestamp: NOW / 1000,
      contexts: {
        feedback: { message, source: 'widget', replay_id: replay },
        trace: { trace_id: trace, span_id: id().slice(0, 16) },
      },
    });
    for (const f of [feedback('Stored both', replayId, traceId), feedback('Lost both', lostReplay, lostTrace)])
      expect((await t.post({ event_id: f.event_id }, [{ header: { type: 'feedback' }, payload: f }])).status).toBe(200);

    const api = `/api/v1/projects/${t.project.id}/feedback`;
    type Entry = { id: string; message: string; replayId: string; replayStored: boolean; traceStored: boolean };
    const all = (await t.client.get(api, { query: { status: 'all' } })).body.data.feedback as Entry[];
    const byMessage = Object.fromEntries(all.map((f) => [f.message, f]));
    expect(byMessage['Stored both']).toMatchObject({ replayId, replayStored: true, traceId, traceStored: true });
    expect(byMessage['Lost both']).toMatchObject({
      replayId: lostReplay,
      replayStored: false,
      traceId: lostTrace,
      traceStored: false,
    });

    // One piece by id, whatever its status; one replay's pieces.
    await t.client.patch(`${api}/${byMessage['Lost both'].id}`, { status: 'spam' });
    const one = await t.client.get(api, { query: { id: byMessage['Lost both'].id } });
    expect(one.body.data.feedback.map((f: Entry) => f.message)).toEqual(['Lost both']);
    const ofReplay = await t.client.get(api, { query: { replayId: replayId.toUpperCase() } });
    expect(ofReplay.body.data.feedback.map((f: Entry) => f.message)).toEqual(['Stored both']);
    const bad = await t.client.get(api, { query: { replayId: 'nope' } });
    expect([bad.status, bad.body]).toEqual([
      400,
      {
        statusCode: 400,
        status: 'failed',
        message: 'Validation error',
        error: [{ path: ['query', 'replayId'], message: 'Not a replay id' }],
      },
    ]);

    // Another organization's reads of this project, by id or replay: 404.
    const other = await setup('Other');
    for (const query of [{ id: byMessage['Stored both'].id }, { replayId }] as Record<string, string>[])
      expect((await other.client.get(api, { query })).status).toBe(404);
  });

  it("a trace answers its replays and each project's count of its log lines; another organization gets 404", async () => {
    const t = await setup();
    const [traceId, replayId, unrelated, errorId] = [id(), id(), id(), id()];
    const inTrace = { trace: { trace_id: traceId, span_id: id().slice(0, 16) } };
    const sent = await t.post({ event_id: errorId }, [
      { header: { type: 'event' }, payload: error(errorId, 'boom', 3, inTrace) },
    ]);
    expect(sent.status, sent.text).toBe(200);
    expect((await t.post({ event_id: replayId }, segment(replayId, { trace_ids: [traceId] }))).status).toBe(200);
    expect((await t.post({ event_id: unrelated }, segment(unrelated, { trace_ids: [id()] }))).status).toBe(200);
    const line = (body: string) => ({ timestamp: NOW / 1000 + 2, level: 'info', body, trace_id: traceId });
    const logs = await t.post({}, [
      {
        header: { type: 'log', item_count: 2, content_type: 'application/vnd.sentry.items.log+json' },
        payload: { items: [line('paying'), line('paid')] },
      },
    ]);
    expect(logs.status, logs.text).toBe(200);

    const trace = await t.client.get(`/api/v1/organization/traces/${traceId}`);
    expect(trace.status, trace.text).toBe(200);
    expect(trace.body.data).toMatchObject({
      logCount: 2,
      logs: [{ projectId: t.project.id, count: 2 }],
      replays: [{ id: replayId, projectId: t.project.id, startedAt: new Date(NOW).toISOString() }],
    });
    // The link's target: the project's Logs page filtered to the trace.
    const lines = await t.client.get(`/api/v1/projects/${t.project.id}/logs`, { query: { traceId, hours: 2160 } });
    expect(lines.body.data.logs.map((l: { body: string }) => l.body).sort()).toEqual(['paid', 'paying']);

    const other = await setup('Other');
    const res = await other.client.get(`/api/v1/organization/traces/${traceId}`);
    expect([res.status, res.body]).toEqual([404, { statusCode: 404, status: 'failed', message: 'Trace not found' }]);
  });
});
