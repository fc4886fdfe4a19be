// #46: session replays through the Sentry envelope endpoint, as @sentry/browser's replayIntegration sends them (a
// replay_event and a replay_recording per envelope, the header's event_id the replay id). Stored in segment order
// behind the attachment store, scrubbed with the project's rules, listed and filtered, linked to the errors it saw,
// downloadable and deletable; each bad input (broken zlib, a segment over the cap, a repeated segment, segments out
// of order, a replay_event without a recording, a recording without a replay id) gets its exact answer and outcome
// with the envelope's other items kept. Another organization's user gets 404 and changes nothing.
import crypto from 'node:crypto';
import { deflateSync, inflateSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { db } from '@/lib/db';
import { REPLAY_SEGMENT_MAX_INFLATED_BYTES } from '@/lib/ingest/items/replays';
import { id, NOW, recording, replayEvent, setup, type Item } from '../support/replay-envelopes';

/** rrweb events of one segment starting at `t0` ms: a full snapshot with a form, then typing and a click. */
function rrwebSegment(t0: number, text: string) {
  return [
    { type: 4, data: { href: 'https://shop.example/checkout', width: 1280, height: 800 }, timestamp: t0 },
    {
      type: 2,
      timestamp: t0 + 1,
      data: {
        node: {
          type: 0,
          id: 1,
          childNodes: [
            {
              type: 2,
              tagName: 'html',
              id: 2,
              attributes: {},
              childNodes: [
                { type: 3, id: 3, textContent: `Card on file: 4111 1111 1111 1111. ${text}` },
                {
                  type: 2,
                  tagName: 'input',
                  id: 4,
                  attributes: { type: 'text', value: 'Bearer abcdef0123456789abcdef' },
                  childNodes: [],
                },
              ],
            },
          ],
        },
        initialOffset: { left: 0, top: 0 },
      },
    },
    { type: 3, timestamp: t0 + 500, data: { source: 5, id: 4, text: 'ada', isChecked: false } },
    { type: 3, timestamp: t0 + 900, data: { source: 2, type: 2, id: 4, x: 10, y: 10 } },
    {
      type: 5,
      timestamp: t0 + 950,
      data: {
        tag: 'performanceSpan',
        payload: {
          op: 'resource.fetch',
          description: 'https://shop.example/api/login',
          data: { request: { body: { email: 'ada@example.com', password: 'hunter2' } } },
        },
      },
    },
    {
      type: 5,
      timestamp: t0 + 1000,
      data: { tag: 'breadcrumb', payload: { category: 'ui.slowClickDetected', data: { clickCount: 4 } } },
    },
  ];
}

const segment = (replayId: string, segmentId: number, opts: { compress?: boolean; event?: object } = {}): Item[] => [
  { header: { type: 'replay_event' }, payload: replayEvent(replayId, segmentId, opts.event) },
  {
    header: { type: 'replay_recording' },
    payload: recording(segmentId, rrwebSegment(NOW + segmentId * 5000, `segment ${segmentId}`), opts.compress),
  },
];

describe('session replays', () => {
  it('two segments, one compressed and one plain: listed, detailed, replayed in order, scrubbed', async () => {
    const t = await setup();
    const replayId = id();
    const errorId = id();
    const error = {
      event_id: errorId,
      timestamp: NOW / 1000,
      level: 'error',
      exception: { values: [{ type: 'TypeError', value: 'cart is undefined' }] },
      contexts: { replay: { replay_id: replayId } },
    };
    const first = await t.post({ event_id: errorId }, [{ header: { type: 'event' }, payload: error }]);
    expect(first.status, first.text).toBe(200);
    const a = await t.post({ event_id: replayId }, segment(replayId, 0, { event: { error_ids: [errorId] } }));
    expect(a.status, a.text).toBe(200);
    const b = await t.post({ event_id: replayId }, segment(replayId, 1, { compress: false }));
    expect(b.status, b.text).toBe(200);

    const list = await t.client.get(t.api);
    expect(list.status, list.text).toBe(200);
    expect(list.body.data.replays).toHaveLength(1);
    expect(list.body.data.replays[0]).toMatchObject({
      id: replayId,
      url: 'https://shop.example/page-0',
      urls: ['https://shop.example/page-0', 'https://shop.example/page-1'],
      userDisplay: 'ada@example.com',
      browser: 'Chrome 131.0',
      os: 'Linux',
      device: 'Desktop',
      release: 'shop@2.0.0',
      environment: 'production',
      countErrors: 1,
      segmentCount: 2,
      countClicks: 2,
      countDeadClicks: 2,
      countRageClicks: 2,
      durationMs: 6000,
    });

    const detail = await t.client.get(`${t.api}/${replayId}`);
    expect(detail.status, detail.text).toBe(200);
    expect(detail.body.data.segments.map((s: { segmentId: number }) => s.segmentId)).toEqual([0, 1]);
    expect(detail.body.data.errors).toHaveLength(1);
    expect(detail.body.data.errors[0]).toMatchObject({ eventId: errorId, title: expect.stringContaining('TypeError') });

    const rec = await t.client.get(`${t.api}/${replayId}/recording`);
    expect(rec.status).toBe(200);
    const events = JSON.parse(rec.text) as { type: number; timestamp: number }[];
    expect(events).toHaveLength(12);
    expect(events.map((e) => e.timestamp)).toEqual([...events.map((e) => e.timestamp)].sort((x, y) => x - y));
    // Scrubbed before storage: a card number in a text node, a token in an input value, a password in a body.
    const stored = await db.attachment.findMany({
      where: { projectId: t.project.id, eventId: replayId },
      include: { blob: true },
    });
    expect(stored).toHaveLength(2);
    const raw = stored.map((s) => inflateSync(s.blob!.data).toString()).join('\n');
    for (const secret of ['4111 1111 1111 1111', 'abcdef0123456789abcdef', 'hunter2']) {
      expect(raw).not.toContain(secret);
      expect(rec.text).not.toContain(secret);
    }
    expect(raw).toContain('[Filtered]');
    expect(raw).toContain('segment 1');
    expect(await t.stats()).toEqual({ 'accepted/': 2 });
  });

  it('filters the list by user, URL, has-error, release and environment, and pages by cursor', async () => {
    const t = await setup();
    const withError = id();
    const plain = id();
    await t.post(
      { event_id: withError },
      segment(withError, 0, { event: { error_ids: [id()], environment: 'staging' } }),
    );
    await t.post(
      { event_id: plain },
      segment(plain, 0, {
        event: {
          user: { id: 'u-7', username: 'grace' },
          release: 'shop@1.0.0',
          replay_start_timestamp: NOW / 1000 - 60,
        },
      }),
    );
    const ids = async (query: Record<string, string>) =>
      ((await t.client.get(t.api, { query })).body.data.replays as { id: string }[]).map((r) => r.id);
    expect(await ids({})).toEqual([withError, plain]);
    expect(await ids({ hasError: 'true' })).toEqual([withError]);
    expect(await ids({ hasError: 'false' })).toEqual([plain]);
    expect(await ids({ user: 'grace' })).toEqual([plain]);
    expect(await ids({ user: 'u-7' })).toEqual([plain]);
    expect(await ids({ release: 'shop@1.0.0' })).toEqual([plain]);
    expect(await ids({ environment: 'staging' })).toEqual([withError]);
    expect(await ids({ url: 'https://shop.example/page-0' })).toEqual([withError, plain]);
    const page1 = await t.client.get(t.api, { query: { limit: 1 } });
    expect(page1.body.data.replays.map((r: { id: string }) => r.id)).toEqual([withError]);
    const page2 = await t.client.get(t.api, { query: { limit: 1, cursor: page1.body.data.nextCursor } });
    expect(page2.body.data.replays.map((r: { id: string }) => r.id)).toEqual([plain]);
    expect(page2.body.data.nextCursor).toBeNull();
  });

  it.each([
    [
      'the list with hasError=maybe',
      '',
      { hasError: 'maybe' },
      ['query', 'hasError'],
      'hasError must be true or false',
    ],
    [
      'the list with a cursor from elsewhere',
      '',
      { cursor: 'nope' },
      ['query', 'cursor'],
      'Not a cursor from this list',
    ],
    [
      'a recording with segment=first',
      '/recording',
      { segment: 'first' },
      ['query', 'segment'],
      'segment must be a number',
    ],
  ])('%s answers 400 naming the field', async (_name, path, query, field, message) => {
    const t = await setup();
    const replayId = id();
    await t.post({ event_id: replayId }, segment(replayId, 0));
    const res = await t.client.get(path ? `${t.api}/${replayId}${path}` : t.api, { query });
    expect([res.status, res.body]).toEqual([
      400,
      { statusCode: 400, status: 'failed', message: 'Validation error', error: [{ path: field, message }] },
    ]);
  });

  it('a replay id that is not one, or no replay of the project, is 404', async () => {
    const t = await setup();
    const cases: [string, string][] = [
      [`${t.api}/not-a-replay-id`, 'Not found'],
      [`${t.api}/${id()}`, 'Replay not found'],
      [`${t.api}/${id()}/recording`, 'Replay not found'],
    ];
    for (const [path, message] of cases) {
      const res = await t.client.get(path);
      expect([res.status, res.body], path).toEqual([404, { statusCode: 404, status: 'failed', message }]);
    }
  });

  it('bad input: each refused with its outcome, the envelope answered 200 and its error event kept', async () => {
    const t = await setup();
    const replayId = id();
    const errorId = id();
    const error = { event_id: errorId, timestamp: NOW / 1000, level: 'error', message: 'kept beside a broken replay' };
    const bomb = Buffer.concat([
      Buffer.from('{"segment_id":3}\n'),
      deflateSync(Buffer.alloc(REPLAY_SEGMENT_MAX_INFLATED_BYTES + 1024, 0x20)),
    ]);
    const cases: [name: string, header: object, items: Item[], outcome: string][] = [
      [
        'broken zlib',
        { event_id: replayId },
        [
          {
            header: { type: 'replay_recording' },
            payload: Buffer.concat([Buffer.from('{"segment_id":0}\n'), Buffer.from([0x78, 0x9c, 1, 2, 3, 4])]),
          },
        ],
        'invalid/invalid_compression',
      ],
      [
        'a segment over the cap once inflated',
        { event_id: replayId },
        [{ header: { type: 'replay_recording' }, payload: bomb }],
        'invalid/too_large',
      ],
      [
        'a recording without a header line',
        { event_id: replayId },
        [{ header: { type: 'replay_recording' }, payload: '[{"type":4}]' }],
        'invalid/invalid_replay_recording',
      ],
      [
        'a recording whose events are not an array',
        { event_id: replayId },
        [{ header: { type: 'replay_recording' }, payload: '{"segment_id":0}\n{"type":4}' }],
        'invalid/invalid_replay_recording',
      ],
      [
        'a recording without a replay id',
        {},
        [{ header: { type: 'replay_recording' }, payload: recording(0, rrwebSegment(NOW, 'x')) }],
        'invalid/missing_replay_id',
      ],
      [
        'a replay_event without segment_id',
        { event_id: replayId },
        [{ header: { type: 'replay_event' }, payload: { ...replayEvent(replayId, 0), segment_id: 'first' } }],
        'invalid/validation: segment_id',
      ],
    ];
    for (const [name, header, items, outcome] of cases) {
      const before = await t.stats();
      const res = await t.post(header, [
        ...items,
        { header: { type: 'event' }, payload: { ...error, event_id: id() } },
      ]);
      expect(res.status, `${name}: ${res.text}`).toBe(200);
      const after = await t.stats();
      expect((after[outcome] ?? 0) - (before[outcome] ?? 0), name).toBe(1);
    }
    // Nothing of those replays was stored; each error event beside them was.
    expect((await t.client.get(t.api)).body.data.replays).toEqual([]);
    const events = await db.event.count({ where: { projectId: t.project.id } });
    expect(events).toBe(cases.length);
    // A recording nested past the depth rrweb needs is refused before anything walks it.
    const deep = `[${'{"data":'.repeat(5000)}{"type":3}${'}'.repeat(5000)}]`;
    const res = await t.post({ event_id: replayId }, [
      {
        header: { type: 'replay_recording' },
        payload: Buffer.concat([Buffer.from('{"segment_id":0}\n'), deflateSync(Buffer.from(deep))]),
      },
    ]);
    expect(res.status).toBe(200);
    expect((await t.stats())['invalid/too_deep']).toBe(1);
  });

  it('segments out of order, a repeated segment and a replay_event alone: all kept in order, the repeat counted once', async () => {
    const t = await setup();
    const replayId = id();
    for (const n of [2, 0, 1, 1]) expect((await t.post({ event_id: replayId }, segment(replayId, n))).status).toBe(200);
    // The SDK's metadata alone (no recording): merged, counted accepted.
    const alone = await t.post({ event_id: replayId }, [
      {
        header: { type: 'replay_event' },
        payload: replayEvent(replayId, 3, { urls: ['https://shop.example/thanks'] }),
      },
    ]);
    expect(alone.status).toBe(200);
    const detail = (await t.client.get(`${t.api}/${replayId}`)).body.data;
    expect(detail.segments.map((s: { segmentId: number }) => s.segmentId)).toEqual([0, 1, 2]);
    expect(detail.urls).toContain('https://shop.example/thanks');
    expect(detail.segmentCount).toBe(3);
    const one = await t.client.get(`${t.api}/${replayId}/recording`, { query: { segment: 2 } });
    expect(one.status).toBe(200);
    expect(JSON.parse(one.text)[0].timestamp).toBe(NOW + 10_000);
    expect((await t.client.get(`${t.api}/${replayId}/recording`, { query: { segment: 9 } })).status).toBe(404);
    expect(await t.stats()).toEqual({ 'accepted/': 4, 'filtered/duplicate_segment': 1 });
  });

  it('the browser, OS and device come from the User-Agent when the SDK names none (as @sentry/browser)', async () => {
    const t = await setup();
    const replayId = id();
    const ua =
      'Mozilla/5.0 (Macintosh; Intel Mac OS X 10_15_7) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36';
    const res = await t.post({ event_id: replayId }, [
      {
        header: { type: 'replay_event' },
        payload: {
          ...replayEvent(replayId, 0),
          contexts: {},
          request: { url: 'https://shop.example/', headers: { 'User-Agent': ua } },
        },
      },
    ]);
    expect(res.status, res.text).toBe(200);
    const [r] = (await t.client.get(t.api)).body.data.replays;
    expect([r.browser, r.os]).toEqual(['Chrome 131.0.0.0', 'Mac OS 10.15.7']);
  });

  it('a recording past 1 MiB uses the large-envelope allowance, like an attachment', async () => {
    const t = await setup();
    const replayId = id();
    const big = crypto.randomBytes(1536 * 1024).toString('base64');
    const events = [
      { type: 3, timestamp: NOW, data: { source: 0, adds: [{ node: { type: 3, id: 9, textContent: big } }] } },
    ];
    const res = await t.post({ event_id: replayId }, [
      { header: { type: 'replay_event' }, payload: replayEvent(replayId, 0) },
      { header: { type: 'replay_recording' }, payload: recording(0, events, false) },
    ]);
    expect(res.status, res.text).toBe(200);
    const rec = await t.client.get(`${t.api}/${replayId}/recording`);
    expect(rec.text).toContain(big);
  });

  it('the month’s replay quota: a new replay past it is counted over_quota and not stored; segments of a replay already started still are', async () => {
    const t = await setup();
    const started = id();
    await t.post({ event_id: started }, segment(started, 0));
    const month = new Date().toISOString().slice(0, 7);
    await db.monthlyUsage.update({ where: { orgId_month: { orgId: t.orgId, month } }, data: { replays: 50 } });
    const refused = id();
    expect((await t.post({ event_id: refused }, segment(refused, 0))).status).toBe(200);
    expect((await t.post({ event_id: started }, segment(started, 1))).status).toBe(200);
    const replays = (await t.client.get(t.api)).body.data.replays as { id: string; segmentCount: number }[];
    expect(replays.map((r) => [r.id, r.segmentCount])).toEqual([[started, 2]]);
    expect(await t.stats()).toEqual({ 'accepted/': 2, 'over_quota/replay_quota': 1 });
  });

  it('deleting a replay takes its segments and bytes; another organization gets 404 everywhere and changes nothing', async () => {
    const t = await setup();
    const other = await setup('Other');
    const replayId = id();
    await t.post({ event_id: replayId }, segment(replayId, 0));
    const paths = [`${t.api}/${replayId}`, `${t.api}/${replayId}/recording`];
    for (const p of paths) expect((await other.client.get(p)).status, p).toBe(404);
    expect((await other.client.get(t.api)).status).toBe(404);
    expect((await other.client.delete(`${t.api}/${replayId}`)).status).toBe(404);
    // The other org's own project does not see it either.
    expect((await other.client.get(`${other.api}/${replayId}`)).status).toBe(404);
    expect((await t.client.get(`${t.api}/${replayId}`)).status).toBe(200);

    const del = await t.client.delete(`${t.api}/${replayId}`);
    expect(del.status, del.text).toBe(200);
    expect(del.body.data).toEqual({ id: replayId, segments: 1 });
    expect((await t.client.get(`${t.api}/${replayId}`)).status).toBe(404);
    expect(await db.attachment.count({ where: { eventId: replayId } })).toBe(0);
    expect(await db.replaySegment.count({ where: { replayId } })).toBe(0);
  });
});
