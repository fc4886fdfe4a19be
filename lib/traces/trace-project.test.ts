import { describe, expect, it } from 'vitest';
import { traceProjectId } from './trace-project';

const span = (projectId: string, spanId: string, parentSpanId: string | null, start: string) => ({
  projectId,
  spanId,
  parentSpanId,
  start: `2026-07-01T00:00:0${start}.000Z`,
});
const at = (projectId: string, second: string) => ({ projectId, timestamp: `2026-07-01T00:00:0${second}.000Z` });

describe('traceProjectId', () => {
  it.each<[string, Parameters<typeof traceProjectId>[0], string | undefined]>([
    [
      'the root span, not the earliest child of another project',
      { spans: [span('api', 'b', 'a', '1'), span('web', 'a', null, '2')], transactions: [], errors: [] },
      'web',
    ],
    [
      'a span whose parent is not in the trace counts as a root',
      { spans: [span('api', 'c', 'b', '3'), span('web', 'a', 'missing', '2')], transactions: [], errors: [] },
      'web',
    ],
    [
      'the earliest of several roots',
      { spans: [span('api', 'x', null, '5'), span('web', 'y', null, '1')], transactions: [], errors: [] },
      'web',
    ],
    [
      'without spans, the earliest transaction',
      { spans: [], transactions: [at('api', '4'), at('web', '3')], errors: [at('other', '1')] },
      'web',
    ],
    [
      'only errors: the earliest error',
      { spans: [], transactions: [], errors: [at('api', '2'), at('web', '1')] },
      'web',
    ],
    ['nothing', { spans: [], transactions: [], errors: [] }, undefined],
  ])('%s', (_, trace, expected) => {
    expect(traceProjectId(trace)).toBe(expected);
  });
});
