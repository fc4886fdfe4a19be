import { describe, expect, it } from 'vitest';
import { eventTimesInMs, rrwebTimeMs } from './rrweb';

const MS = 1_764_000_000_123;
const S = MS / 1000;

describe('eventTimesInMs', () => {
  it.each([
    ['an rrweb event (milliseconds already)', { type: 3, timestamp: MS, data: { source: 5, text: 'a' } }, MS],
    ['a breadcrumb event the SDK timed in seconds', { type: 5, timestamp: S, data: { tag: 'breadcrumb' } }, MS],
  ])('%s: the event time', (_name, event, expected) => {
    expect((eventTimesInMs(event) as { timestamp: number }).timestamp).toBe(expected);
  });

  it("the SDK's breadcrumb and performance span times, in seconds, become milliseconds", () => {
    const crumb = {
      type: 5,
      timestamp: MS,
      data: { tag: 'breadcrumb', payload: { timestamp: S, category: 'ui.click' } },
    };
    const span = {
      type: 5,
      timestamp: S,
      data: {
        tag: 'performanceSpan',
        payload: { op: 'resource.fetch', startTimestamp: S, endTimestamp: S + 0.25, data: { size: 12 } },
      },
    };
    expect(eventTimesInMs(crumb)).toEqual({
      type: 5,
      timestamp: MS,
      data: { tag: 'breadcrumb', payload: { timestamp: MS, category: 'ui.click' } },
    });
    expect(eventTimesInMs(span)).toEqual({
      type: 5,
      timestamp: MS,
      data: {
        tag: 'performanceSpan',
        payload: { op: 'resource.fetch', startTimestamp: MS, endTimestamp: MS + 250, data: { size: 12 } },
      },
    });
  });

  it('leaves other payloads, odd values and non-events as they are', () => {
    const options = {
      type: 5,
      timestamp: MS,
      data: { tag: 'options', payload: { sessionSampleRate: 1, timestamp: 5 } },
    };
    expect(eventTimesInMs(structuredClone(options))).toEqual(options);
    for (const odd of [null, 'x', 3, [1], { type: 5, timestamp: 'soon', data: { tag: 'breadcrumb', payload: null } }])
      expect(eventTimesInMs(structuredClone(odd))).toEqual(odd);
    expect(rrwebTimeMs(-1)).toBeNull();
  });
});
