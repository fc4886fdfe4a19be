// #58: a replay recorded with the SDK's masking off, as @sentry/browser's replayIntegration sends it: each keystroke
// of a card field an rrweb input event, over two segments. No stored segment (read in PostgreSQL) and no answer of
// the recording API holds a run of 12 digits of the card number, prefix or whole; what is typed before the 12th digit
// stays as typed. The SDK's own options event stays readable (its sample rates are not session secrets) while a
// session token in a captured body is still filtered. The recording API answers every time in milliseconds.
import { inflateSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { db } from '@/lib/db';
import { id, NOW, recording, replayEvent, setup } from '../support/replay-envelopes';

const CARD = '4111 1111 1111 1111';
const F = '[Filtered]';
/** A run of 12 digits of the card, as typed (spaces or not). */
const CARD_RUN = /4111[ -]?1111[ -]?1111/;

/** One input event per keystroke of `typed` into the field with rrweb id `id`, from `t0` ms. */
const keystrokes = (typed: string, t0: number, field = 4) =>
  Array.from({ length: typed.length }, (_, i) => ({
    type: 3,
    timestamp: t0 + i * 50,
    data: { source: 5, id: field, text: typed.slice(0, i + 1), isChecked: false },
  }));

/** Segment 0: the page (its card field empty), the SDK's options, the first 14 keystrokes (12 digits and a space). */
function firstSegment(t0: number) {
  return [
    { type: 4, timestamp: t0, data: { href: 'https://shop.example/pay', width: 1280, height: 800 } },
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
              id: 2,
              tagName: 'html',
              attributes: {},
              childNodes: [
                { type: 3, id: 3, textContent: 'Pay by card' },
                { type: 2, id: 4, tagName: 'input', attributes: { id: 'card', value: '' }, childNodes: [] },
              ],
            },
          ],
        },
        initialOffset: { left: 0, top: 0 },
      },
    },
    {
      type: 5,
      timestamp: t0 + 2,
      data: {
        tag: 'options',
        payload: {
          shouldRecordCanvas: false,
          sessionSampleRate: 1,
          errorSampleRate: 0.25,
          useCompressionOption: true,
          blockAllMedia: false,
          maskAllText: false,
          maskAllInputs: false,
          useCompression: false,
          networkDetailHasUrls: false,
          networkCaptureBodies: true,
          networkRequestHasHeaders: true,
          networkResponseHasHeaders: true,
        },
      },
    },
    ...keystrokes(CARD.slice(0, 15), t0 + 100),
  ];
}

/** Segment 1: the last keystrokes, the page showing the number back, a breadcrumb and a fetch timed in seconds. */
function secondSegment(t0: number) {
  const seconds = t0 / 1000;
  return [
    ...keystrokes(CARD, t0).slice(15),
    {
      type: 3,
      timestamp: t0 + 1000,
      data: {
        source: 0,
        texts: [{ id: 3, value: 'Paying with 4111 1111 1111 111…' }],
        attributes: [],
        removes: [],
        adds: [{ parentId: 2, nextId: null, node: { type: 3, id: 5, textContent: 'Card 4111-1111-1111-1111' } }],
      },
    },
    {
      type: 5,
      timestamp: seconds + 1.1,
      data: { tag: 'breadcrumb', payload: { timestamp: seconds + 1.1, type: 'default', category: 'ui.click' } },
    },
    {
      type: 5,
      timestamp: seconds + 1.2,
      data: {
        tag: 'performanceSpan',
        payload: {
          op: 'resource.fetch',
          description: 'https://shop.example/api/pay',
          startTimestamp: seconds + 1.2,
          endTimestamp: seconds + 1.45,
          data: { method: 'POST', statusCode: 200, request: { body: { session_token: 's3cr3t-tok', amount: 12 } } },
        },
      },
    },
  ];
}

describe('a replay typed with masking off (#58)', () => {
  it('no segment holds 12 digits of the card; options readable; every time in milliseconds', async () => {
    const t = await setup();
    const replayId = id();
    const t0 = NOW;
    for (const [n, events] of [firstSegment(t0), secondSegment(t0 + 5000)].entries()) {
      const res = await t.post({ event_id: replayId }, [
        { header: { type: 'replay_event' }, payload: replayEvent(replayId, n) },
        { header: { type: 'replay_recording' }, payload: recording(n, events) },
      ]);
      expect(res.status, res.text).toBe(200);
    }

    // What is stored, segment by segment.
    const stored = await db.attachment.findMany({
      where: { projectId: t.project.id, eventId: replayId },
      include: { blob: true },
      orderBy: { createdAt: 'asc' },
    });
    expect(stored).toHaveLength(2);
    for (const s of stored) expect(inflateSync(s.blob!.data).toString()).not.toMatch(CARD_RUN);

    const rec = await t.client.get(`${t.api}/${replayId}/recording`);
    expect(rec.status).toBe(200);
    expect(rec.text).not.toMatch(CARD_RUN);
    expect(rec.text).not.toContain('s3cr3t-tok');
    type Event = { type: number; timestamp: number; data: Record<string, unknown> };
    const events = JSON.parse(rec.text) as Event[];
    const typed = events.filter((e) => e.type === 3 && e.data.source === 5).map((e) => e.data.text);
    // Every keystroke, in order: up to 11 digits as typed, then filtered (the space typed after 12 digits kept).
    expect(typed).toEqual([
      '4',
      '41',
      '411',
      '4111',
      '4111 ',
      '4111 1',
      '4111 11',
      '4111 111',
      '4111 1111',
      '4111 1111 ',
      '4111 1111 1',
      '4111 1111 11',
      '4111 1111 111',
      F,
      `${F} `,
      F,
      F,
      F,
      F,
    ]);
    const mutation = events.find((e) => e.type === 3 && e.data.source === 0)!.data;
    expect(mutation.texts).toEqual([{ id: 3, value: `Paying with ${F}…` }]);
    expect(mutation.adds).toEqual([{ parentId: 2, nextId: null, node: { type: 3, id: 5, textContent: `Card ${F}` } }]);

    // The SDK's options as it sent them.
    const options = events.find((e) => e.type === 5 && e.data.tag === 'options')!;
    expect(options.data.payload).toEqual((firstSegment(t0)[2].data as { payload: unknown }).payload);

    // Every time in epoch milliseconds: rrweb's own, and those the SDK sent in seconds.
    const t1 = t0 + 5000;
    const crumb = events.find((e) => e.type === 5 && e.data.tag === 'breadcrumb')!;
    expect([crumb.timestamp, (crumb.data.payload as { timestamp: number }).timestamp]).toEqual([t1 + 1100, t1 + 1100]);
    const span = events.find((e) => e.type === 5 && e.data.tag === 'performanceSpan')!;
    const payload = span.data.payload as { startTimestamp: number; endTimestamp: number; data: unknown };
    expect([span.timestamp, payload.startTimestamp, payload.endTimestamp]).toEqual([t1 + 1200, t1 + 1200, t1 + 1450]);
    expect(payload.data).toEqual({
      method: 'POST',
      statusCode: 200,
      request: { body: { session_token: F, amount: 12 } },
    });
    for (const e of events) expect(e.timestamp, JSON.stringify(e)).toBeGreaterThan(1e12);
    expect(events.map((e) => e.timestamp)).toEqual([...events.map((e) => e.timestamp)].sort((a, b) => a - b));
  });
});
