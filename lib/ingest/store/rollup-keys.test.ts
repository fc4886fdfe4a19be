import { describe, expect, it } from 'vitest';
import { MAX_TAG_LENGTH, MAX_TAGS_PER_EVENT, rollupKeysOf } from './rollup-keys';

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
});
