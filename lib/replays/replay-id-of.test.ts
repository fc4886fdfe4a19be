import { describe, expect, it } from 'vitest';
import { replayIdOf } from './replay-id-of';

const R = '0123456789abcdef0123456789abcdef';
const none = { contexts: null, tags: null };

describe('replayIdOf', () => {
  it.each<[string, { contexts: unknown; tags: unknown; request?: unknown }, string | null]>([
    ['the browser SDK’s replayId tag', { contexts: null, tags: { replayId: R } }, R],
    [
      'contexts.replay.replay_id, dashed and upper-case',
      { ...none, contexts: { replay: { replay_id: 'ABCDEF01-2345-6789-ABCD-EF0123456789' } } },
      'abcdef0123456789abcdef0123456789',
    ],
    [
      'a backend request’s baggage (header names in any case)',
      { ...none, request: { headers: { Baggage: `sentry-trace_id=${'1'.repeat(32)},sentry-replay_id=${R},other=x` } } },
      R,
    ],
    ['baggage as [name, value] pairs', { ...none, request: { headers: [['baggage', `sentry-replay_id=${R}`]] } }, R],
    [
      'a percent-encoded member with properties',
      { ...none, request: { headers: { baggage: `sentry-replay_id=${R}%20;p=1` } } },
      R,
    ],
    ['baggage without a replay', { ...none, request: { headers: { baggage: 'sentry-trace_id=abc' } } }, null],
    ['a replay id that is not one', { ...none, request: { headers: { baggage: 'sentry-replay_id=nope' } } }, null],
    ['a malformed escape', { ...none, request: { headers: { baggage: 'sentry-replay_id=%E0%A4%A' } } }, null],
    ['nothing', { ...none, request: null }, null],
  ])('%s', (_l, event, id) => expect(replayIdOf(event)).toBe(id));
});
