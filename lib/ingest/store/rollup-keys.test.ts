import { describe, expect, it } from 'vitest';
import { MAX_TAG_LENGTH, MAX_TAGS_PER_EVENT, rollupKeysOf } from './rollup-keys';
import { MAX_CONTEXT_PAIRS_PER_EVENT, MAX_FLAGS_PER_EVENT } from './context-keys';

describe('rollupKeysOf', () => {
  const cases: [string, Parameters<typeof rollupKeysOf>[0], ReturnType<typeof rollupKeysOf>][] = [
    ['nothing', {}, { tags: [], user: null }],
    [
      'environment and release first, then tags',
      { tags: { a: '1' }, environment: 'prod', release: '1.0' },
      {
        tags: [
          ['environment', 'prod'],
          ['release', '1.0'],
          ['a', '1'],
        ],
        user: null,
      },
    ],
    [
      "the event's environment wins over a tag of that name",
      { tags: { environment: 'x', b: '2' }, environment: 'prod' },
      {
        tags: [
          ['environment', 'prod'],
          ['b', '2'],
        ],
        user: null,
      },
    ],
    [
      'a tag named environment counts when the event has none',
      { tags: { environment: 'x' } },
      { tags: [['environment', 'x']], user: null },
    ],
    ['user id first', { user: { id: 'u1', email: 'A@B.io' } }, { tags: [], user: 'id:u1' }],
    ['else email, lower-cased', { user: { email: 'A@B.io' } }, { tags: [], user: 'email:a@b.io' }],
    ['else IP', { user: { ip_address: '10.0.0.1' } }, { tags: [], user: 'ip:10.0.0.1' }],
    ['an empty user is anonymous', { user: {} }, { tags: [], user: null }],
  ];
  it.each(cases)('%s', (_label, input, want) => expect(rollupKeysOf(input)).toEqual(want));

  it(`keeps ${MAX_TAGS_PER_EVENT} pairs and ${MAX_TAG_LENGTH} characters, never half a surrogate pair`, () => {
    const tags = Object.fromEntries(Array.from({ length: 80 }, (_, i) => [`k${i}`, 'v']));
    expect(rollupKeysOf({ tags }).tags).toHaveLength(MAX_TAGS_PER_EVENT);
    const long = rollupKeysOf({ tags: { ['k'.repeat(300)]: 'v'.repeat(300) }, user: { id: 'x'.repeat(300) } });
    expect(long.tags[0][0]).toHaveLength(MAX_TAG_LENGTH);
    expect(long.tags[0][1]).toHaveLength(MAX_TAG_LENGTH);
    expect(long.user).toHaveLength(MAX_TAG_LENGTH);
    const emoji = rollupKeysOf({ tags: { k: 'a'.repeat(MAX_TAG_LENGTH - 1) + '😀' } }).tags[0][1];
    expect(emoji).toBe('a'.repeat(MAX_TAG_LENGTH - 1));
  });

  it('flags as flags.<name>, the last evaluation of a name winning; contexts as contexts.<name>.<key>', () => {
    const contexts = {
      order: { status: 'paid', total: 12.5, lines: [{ sku: 'a' }], note: null },
      os: { name: 'Linux', version: '6.1' },
      trace: { trace_id: 'a'.repeat(32), span_id: 'b'.repeat(16), op: 'http.server' },
      device: { arch: 'x86_64', free_memory: 123, charging: false },
      app: { app_start_time: '2026-01-01T00:00:00Z', app_version: '2.0' },
      flags: {
        values: [
          { flag: 'new-checkout', result: false },
          { flag: 'dark-mode', result: true },
          { flag: 'new-checkout', result: true },
          { flag: '', result: true },
          { flag: 'odd', result: { nested: 1 } },
          'junk',
        ],
      },
    };
    expect(rollupKeysOf({ tags: { 'flags.dark-mode': 'tag', a: '1' }, contexts, environment: 'prod' }).tags).toEqual([
      ['environment', 'prod'],
      ['flags.dark-mode', 'true'],
      ['flags.new-checkout', 'true'],
      // The documented contexts first, the rest by name; keys sorted; ids and measurements of one moment left out.
      ['contexts.os.name', 'Linux'],
      ['contexts.os.version', '6.1'],
      ['contexts.device.arch', 'x86_64'],
      ['contexts.device.charging', 'false'],
      ['contexts.app.app_version', '2.0'],
      ['contexts.trace.op', 'http.server'],
      ['contexts.order.status', 'paid'],
      ['contexts.order.total', '12.5'],
      ['a', '1'],
    ]);
  });

  it('the same pairs whatever order the stored JSON gives the contexts back in', () => {
    const a = { os: { name: 'Linux', version: '6' }, zeta: { b: 1, a: 2 }, alpha: { x: 'y' } };
    const b = { alpha: { x: 'y' }, zeta: { a: 2, b: 1 }, os: { version: '6', name: 'Linux' } };
    expect(rollupKeysOf({ contexts: b }).tags).toEqual(rollupKeysOf({ contexts: a }).tags);
  });

  it(`its own caps: ${MAX_FLAGS_PER_EVENT} flags and ${MAX_CONTEXT_PAIRS_PER_EVENT} context pairs, never at the tags' expense`, () => {
    const values = Array.from({ length: 150 }, (_, i) => ({ flag: `f${i}`, result: true }));
    const order = Object.fromEntries(Array.from({ length: 80 }, (_, i) => [`k${String(i).padStart(2, '0')}`, i]));
    const tags = Object.fromEntries(Array.from({ length: 60 }, (_, i) => [`t${i}`, 'v']));
    const pairs = rollupKeysOf({ tags, contexts: { flags: { values }, order } }).tags;
    const flags = pairs.filter(([k]) => k.startsWith('flags.'));
    expect(flags).toHaveLength(MAX_FLAGS_PER_EVENT);
    // The most recent evaluations: the SDK appends each new one.
    expect(flags[0]).toEqual(['flags.f50', 'true']);
    expect(pairs.filter(([k]) => k.startsWith('contexts.'))).toHaveLength(MAX_CONTEXT_PAIRS_PER_EVENT);
    expect(pairs.filter(([k]) => k.startsWith('t'))).toHaveLength(MAX_TAGS_PER_EVENT);
  });
});
