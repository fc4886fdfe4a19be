import { describe, expect, it } from 'vitest';
import { sentrySearchFilters } from './search';

describe("Sentry's issue search read with ours", () => {
  it.each([
    ['is:unresolved', [{ kind: 'status', status: 'UNRESOLVED', negated: false }]],
    ['is:archived', [{ kind: 'status', status: 'IGNORED', negated: false }]],
    ['!is:muted', [{ kind: 'status', status: 'IGNORED', negated: true }]],
    [
      'age:-24h',
      [{ kind: 'time', field: 'firstSeen', bound: { op: 'after', relativeMs: 86_400_000 }, negated: false }],
    ],
    ['assigned_or_suggested:me', [{ kind: 'assigned', who: 'me', negated: false }]],
    ['user.email:ada@example.com', [{ kind: 'user', value: 'ada@example.com', negated: false }]],
    ['message:"card declined"', [{ kind: 'text', text: 'card declined', negated: false }]],
    ['title:timeout', [{ kind: 'text', text: 'timeout', negated: false }]],
    ['browser:"Chrome 120"', [{ kind: 'tag', key: 'browser', value: 'Chrome 120', wildcard: false, negated: false }]],
    ['', []],
  ])('%j', (query, filters) => {
    expect(sentrySearchFilters(query)).toEqual(filters);
  });

  it.each([
    [
      'has:browser',
      'Invalid search query: "has:" is not supported by this server (docs/api-compat.md lists the search terms)',
    ],
    [
      'timesSeen:>10',
      'Invalid search query: "timesSeen:" is not supported by this server (docs/api-compat.md lists the search terms)',
    ],
    [
      'issue.category:error',
      'Invalid search query: "issue.category:" is not supported by this server (docs/api-compat.md lists the search terms)',
    ],
    [
      'level:[error,fatal]',
      'Invalid search query: lists of values ("level:[…]") are not supported: write one term per value',
    ],
    ['release:latest', 'Invalid search query: "release:latest" is not supported: name the release'],
    [
      'is:for_review',
      'Invalid search query: Unknown "is:" value "for_review": use unresolved, resolved, ignored, assigned or unassigned (in "for_review")',
    ],
  ])('%j is refused: %s', (query, detail) => {
    expect(() => sentrySearchFilters(query)).toThrow(detail);
  });
});
