import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { events } from '@/lib/ingest/items/events';
import { sessions } from '@/lib/ingest/items/sessions';
import { envelope, EVENT_ID, ok, sentryError, T } from '@/tests/support/sentry-items';
import { prepareItems } from './prepare-items';

describe('malformed input → issues with a path, never a throw', () => {
  it.each([
    ['payload not JSON', envelope({}, [{ header: { type: 'event' }, payload: '{nope' }]), ['items', 0]],
    ['payload an array', envelope({}, [{ header: { type: 'event' }, payload: [1, 2] }]), ['items', 0]],
    [
      'timestamp before 2020 (milliseconds sent as seconds would be far in the future instead)',
      envelope({}, [{ header: { type: 'event' }, payload: { ...sentryError, timestamp: 1000 } }]),
      ['items', 0, 'timestamp'],
    ],
    [
      'unknown level',
      envelope({}, [{ header: { type: 'event' }, payload: { ...sentryError, level: 'loud' } }]),
      ['items', 0, 'level'],
    ],
    [
      'bad event id',
      envelope({}, [{ header: { type: 'event' }, payload: { ...sentryError, event_id: 'xyz' } }]),
      ['items', 0, 'event_id'],
    ],
    [
      'both items invalid',
      envelope({}, [
        { header: { type: 'event' }, payload: { ...sentryError, level: 'loud' } },
        { header: { type: 'transaction' }, payload: { transaction: 'x', timestamp: T } },
      ]),
      ['items', 0, 'level'],
    ],
    [
      'an invalid event with its attachment',
      envelope({}, [
        { header: { type: 'event' }, payload: { ...sentryError, level: 'loud' } },
        { header: { type: 'attachment', filename: 'a.txt' }, payload: 'hi', length: true },
      ]),
      ['items', 0, 'level'],
    ],
    [
      'span payload of another shape',
      envelope({}, [{ header: { type: 'span' }, payload: { version: 2 } }]),
      ['items', 0],
    ],
    [
      'segment span without end',
      envelope({}, [
        {
          header: { type: 'span' },
          payload: { version: 2, items: [{ trace_id: 't', name: 'n', start_timestamp: T, is_segment: true }] },
        },
      ]),
      ['items', 0, 'items', 0, 'duration'],
    ],
    ['store body not JSON', Buffer.from('{"exception":'), []],
  ])('%s', (_name, body, path) => {
    const r = prepareItems(path.length === 0 ? 'store' : 'envelope', body);
    expect(r.ok).toBe(false);
    if (!r.ok) expect(r.issues[0].path).toEqual(path);
  });

  it('an invalid item is refused alone, with why; its siblings are kept', () => {
    const r = ok(
      prepareItems(
        'envelope',
        envelope({}, [
          { header: { type: 'event' }, payload: sentryError },
          { header: { type: 'transaction' }, payload: { transaction: 'x', timestamp: T } },
        ]),
      ),
    );
    expect(r.units.map((u) => u.kind)).toEqual(['error']);
    expect(r.batch.refused).toEqual([{ category: 'transaction', reason: 'validation: duration', quantity: 1 }]);
    expect(r.batch.issues.get(events)).toEqual([{ path: ['items', 1, 'duration'], message: expect.any(String) }]);
    const withSession = ok(
      prepareItems(
        'envelope',
        envelope({}, [
          { header: { type: 'event' }, payload: { ...sentryError, timestamp: 'soon' } },
          {
            header: { type: 'session' },
            payload: { sid: 's', status: 'ok', started: '2026-01-01T00:00:00Z', attrs: { release: 'r@1' } },
          },
        ]),
      ),
    );
    expect(withSession.units).toEqual([]);
    expect(withSession.batch.refused).toEqual([{ category: 'error', reason: 'validation: timestamp', quantity: 1 }]);
    expect(withSession.batch.rows.get(sessions)).toHaveLength(1);
  });

  it('property: random bytes and mutated envelopes never throw; failures always carry a path array and a message', () => {
    const valid = envelope({ event_id: EVENT_ID }, [
      { header: { type: 'event' }, payload: sentryError, length: true },
      {
        header: { type: 'span' },
        payload: {
          version: 2,
          items: [
            {
              trace_id: 't',
              span_id: 's',
              name: 'n',
              start_timestamp: T,
              end_timestamp: T + 1,
              is_segment: true,
              attributes: {},
            },
          ],
        },
      },
    ]);
    const jsonish = fc.oneof(
      fc.constant(null),
      fc.boolean(),
      fc.double(),
      fc.string(),
      fc.array(fc.string(), { maxLength: 3 }),
      fc.dictionary(fc.string(), fc.string(), { maxKeys: 3 }),
    );
    const mutation = fc.oneof(
      fc.uint8Array({ maxLength: 300 }).map((a) => Buffer.from(a)),
      fc.tuple(fc.nat(), fc.nat(), fc.uint8Array({ maxLength: 20 })).map(([at, cut, bytes]) => {
        const i = at % valid.length;
        return Buffer.concat([
          valid.subarray(0, i),
          Buffer.from(bytes),
          valid.subarray(Math.min(valid.length, i + (cut % 40))),
        ]);
      }),
      fc
        .tuple(
          fc.constantFrom(
            'timestamp',
            'exception',
            'level',
            'tags',
            'user',
            'request',
            'contexts',
            'breadcrumbs',
            'fingerprint',
            'event_id',
            'message',
            'logentry',
            'threads',
            'stacktrace',
          ),
          jsonish,
        )
        .map(([k, v]) => envelope({}, [{ header: { type: 'event' }, payload: { ...sentryError, [k]: v } }])),
      fc
        .tuple(fc.constantFrom('start_timestamp', 'timestamp', 'transaction', 'measurements', 'contexts'), jsonish)
        .map(([k, v]) =>
          envelope({}, [
            {
              header: { type: 'transaction' },
              payload: { transaction: 't', start_timestamp: T, timestamp: T + 1, [k]: v },
            },
          ]),
        ),
      fc
        .tuple(
          fc.constantFrom('name', 'start_timestamp', 'end_timestamp', 'attributes', 'is_segment', 'trace_id', 'status'),
          jsonish,
        )
        .map(([k, v]) =>
          envelope({}, [
            {
              header: { type: 'span' },
              payload: {
                version: 2,
                items: [
                  { trace_id: 't', name: 'n', start_timestamp: T, end_timestamp: T + 1, is_segment: true, [k]: v },
                ],
              },
            },
          ]),
        ),
    );
    fc.assert(
      fc.property(mutation, fc.constantFrom('envelope' as const, 'store' as const), (body, endpoint) => {
        const r = prepareItems(endpoint, body);
        if (!r.ok) {
          expect(r.issues.length).toBeGreaterThan(0);
          for (const i of r.issues) {
            expect(Array.isArray(i.path)).toBe(true);
            expect(typeof i.message).toBe('string');
          }
        }
      }),
      { numRuns: 3000 },
    );
  });
});
