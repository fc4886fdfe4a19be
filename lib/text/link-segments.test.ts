import { describe, expect, it } from 'vitest';
import { linkSegments } from './link-segments';

describe('linkSegments', () => {
  it.each<[string, string, { kind: string; value: string }[]]>([
    ['plain text', 'no links here', [{ kind: 'text', value: 'no links here' }]],
    ['a link alone', 'https://example.com/a?b=1', [{ kind: 'link', value: 'https://example.com/a?b=1' }]],
    [
      'a link in a sentence, trailing full stop kept as text',
      'See https://example.com/x. Thanks',
      [
        { kind: 'text', value: 'See ' },
        { kind: 'link', value: 'https://example.com/x' },
        { kind: 'text', value: '. Thanks' },
      ],
    ],
    [
      'two links and a parenthesis',
      '(http://a.test) and https://b.test',
      [
        { kind: 'text', value: '(' },
        { kind: 'link', value: 'http://a.test' },
        { kind: 'text', value: ') and ' },
        { kind: 'link', value: 'https://b.test' },
      ],
    ],
    ['not a link scheme', 'javascript:alert(1) ftp://x', [{ kind: 'text', value: 'javascript:alert(1) ftp://x' }]],
    [
      'markup stays text',
      '<b>https://x.test</b>',
      [
        { kind: 'text', value: '<b>' },
        { kind: 'link', value: 'https://x.test' },
        { kind: 'text', value: '</b>' },
      ],
    ],
    ['empty', '', []],
  ])('%s', (_label, input, expected) => {
    expect(linkSegments(input)).toEqual(expected);
  });
});
