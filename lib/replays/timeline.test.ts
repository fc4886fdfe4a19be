import { describe, expect, it } from 'vitest';
import { buildTimeline, formatOffset } from './timeline';

const T0 = 1_780_000_000_000;

describe('buildTimeline', () => {
  it('reads navigations, clicks, console and network breadcrumbs and errors, as offsets from the first event', () => {
    const t = buildTimeline(
      [
        { type: 4, timestamp: T0, data: { href: 'https://shop.example/cart' } },
        { type: 2, timestamp: T0 + 5, data: {} },
        { type: 3, timestamp: T0 + 1200, data: { source: 2, type: 2, id: 7 } },
        { type: 3, timestamp: T0 + 1300, data: { source: 1, positions: [] } },
        {
          type: 5,
          timestamp: T0 + 1500,
          data: {
            tag: 'breadcrumb',
            payload: { category: 'console', level: 'warn', message: 'low stock', timestamp: (T0 + 1400) / 1000 },
          },
        },
        {
          type: 5,
          timestamp: T0 + 2100,
          data: {
            tag: 'performanceSpan',
            payload: {
              op: 'resource.fetch',
              description: 'https://shop.example/api/cart',
              startTimestamp: (T0 + 2000) / 1000,
              endTimestamp: (T0 + 2250) / 1000,
              data: { method: 'POST', statusCode: 500 },
            },
          },
        },
        { type: 5, timestamp: T0 + 2200, data: { tag: 'performanceSpan', payload: { op: 'navigation.navigate' } } },
        'garbage',
        { type: 3, data: { source: 2, type: 2 } },
      ],
      [{ timestamp: new Date(T0 + 2300).toISOString(), title: 'TypeError: cart is undefined' }],
    );
    expect(t.startMs).toBe(T0);
    expect(t.endMs).toBe(T0 + 2200);
    expect(t.markers).toEqual([
      { offsetMs: 0, kind: 'navigation', label: 'https://shop.example/cart' },
      { offsetMs: 1200, kind: 'click', label: 'Click' },
      { offsetMs: 2300, kind: 'error', label: 'TypeError: cart is undefined' },
    ]);
    expect(t.console).toEqual([{ offsetMs: 1400, level: 'warn', message: 'low stock' }]);
    expect(t.network).toEqual([
      { offsetMs: 2000, method: 'POST', url: 'https://shop.example/api/cart', status: 500, durationMs: 250 },
    ]);
  });

  it('reads a time sent in seconds (the SDK’s performance spans) as milliseconds', () => {
    const t = buildTimeline([
      { type: 4, timestamp: T0, data: { href: 'https://shop.example/' } },
      {
        type: 5,
        timestamp: (T0 + 500) / 1000,
        data: { tag: 'performanceSpan', payload: { op: 'navigation.navigate' } },
      },
    ]);
    expect([t.startMs, t.endMs]).toEqual([T0, T0 + 500]);
  });

  it('an empty recording is an empty timeline', () => {
    expect(buildTimeline([])).toEqual({ startMs: 0, endMs: 0, markers: [], console: [], network: [] });
  });
});

describe('formatOffset', () => {
  it.each([
    [0, '0:00'],
    [65_400, '1:05'],
    [3_723_000, '1:02:03'],
    [-5, '0:00'],
  ])('%d ms is %s', (msValue, text) => expect(formatOffset(msValue)).toBe(text));
});
