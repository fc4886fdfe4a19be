import { describe, expect, it } from 'vitest';
import { MAX_QUERY_LENGTH, parseSearchQuery, withTerm, type SearchFilter } from './search-query';

const H = 3_600_000;
const D = 24 * H;

const good: [string, SearchFilter[]][] = [
  ['', []],
  ['   ', []],
  ['TypeError', [{ kind: 'text', text: 'TypeError', negated: false }]],
  [
    'checkout  coupon',
    [
      { kind: 'text', text: 'checkout', negated: false },
      { kind: 'text', text: 'coupon', negated: false },
    ],
  ],
  ['"x is undefined"', [{ kind: 'text', text: 'x is undefined', negated: false }]],
  ['"say \\"hi\\" \\\\ there"', [{ kind: 'text', text: 'say "hi" \\ there', negated: false }]],
  ['!timeout', [{ kind: 'text', text: 'timeout', negated: true }]],
  ['!"read timeout"', [{ kind: 'text', text: 'read timeout', negated: true }]],
  ['is:unresolved', [{ kind: 'status', status: 'UNRESOLVED', negated: false }]],
  ['is:RESOLVED', [{ kind: 'status', status: 'RESOLVED', negated: false }]],
  ['is:ignored', [{ kind: 'status', status: 'IGNORED', negated: false }]],
  ['!is:ignored', [{ kind: 'status', status: 'IGNORED', negated: true }]],
  ['is:assigned', [{ kind: 'assigned', who: 'anyone', negated: false }]],
  ['is:unassigned', [{ kind: 'assigned', who: 'none', negated: false }]],
  ['assigned:me', [{ kind: 'assigned', who: 'me', negated: false }]],
  ['assigned:none', [{ kind: 'assigned', who: 'none', negated: false }]],
  ['!assigned:me', [{ kind: 'assigned', who: 'me', negated: true }]],
  ['assigned:#Payments-EU', [{ kind: 'assignedTeam', slug: 'payments-eu', negated: false }]],
  ['level:fatal', [{ kind: 'level', level: 'FATAL', negated: false }]],
  ['level:Warning', [{ kind: 'level', level: 'WARNING', negated: false }]],
  ['!level:debug', [{ kind: 'level', level: 'DEBUG', negated: true }]],
  [
    'environment:production',
    [{ kind: 'tag', key: 'environment', value: 'production', wildcard: false, negated: false }],
  ],
  ['release:1.4.0', [{ kind: 'tag', key: 'release', value: '1.4.0', wildcard: false, negated: false }]],
  ['browser:Chrome', [{ kind: 'tag', key: 'browser', value: 'Chrome', wildcard: false, negated: false }]],
  ['url:*checkout*', [{ kind: 'tag', key: 'url', value: '*checkout*', wildcard: true, negated: false }]],
  ['url:"*checkout*"', [{ kind: 'tag', key: 'url', value: '*checkout*', wildcard: false, negated: false }]],
  ['os.name:"Mac OS X"', [{ kind: 'tag', key: 'os.name', value: 'Mac OS X', wildcard: false, negated: false }]],
  ['!browser:Firefox', [{ kind: 'tag', key: 'browser', value: 'Firefox', wildcard: false, negated: true }]],
  [
    'url:https://x.example/a',
    [{ kind: 'tag', key: 'url', value: 'https://x.example/a', wildcard: false, negated: false }],
  ],
  [
    'contexts.os.name:Linux',
    [{ kind: 'tag', key: 'contexts.os.name', value: 'Linux', wildcard: false, negated: false }],
  ],
  [
    'contexts.cloud_resource.cloud.provider:aws',
    [{ kind: 'tag', key: 'contexts.cloud_resource.cloud.provider', value: 'aws', wildcard: false, negated: false }],
  ],
  [
    '!contexts.order.status:"on hold"',
    [{ kind: 'tag', key: 'contexts.order.status', value: 'on hold', wildcard: false, negated: true }],
  ],
  [
    'flags.new-checkout:true',
    [{ kind: 'tag', key: 'flags.new-checkout', value: 'true', wildcard: false, negated: false }],
  ],
  ['flags.checkout.v2:*', [{ kind: 'tag', key: 'flags.checkout.v2', value: '*', wildcard: true, negated: false }]],
  ['user:42', [{ kind: 'user', value: '42', negated: false }]],
  ['user:ana@example.com', [{ kind: 'user', value: 'ana@example.com', negated: false }]],
  [
    'firstSeen:-24h',
    [{ kind: 'time', field: 'firstSeen', bound: { op: 'after', relativeMs: 24 * H }, negated: false }],
  ],
  ['lastSeen:-7d', [{ kind: 'time', field: 'lastSeen', bound: { op: 'after', relativeMs: 7 * D }, negated: false }]],
  ['lastSeen:+2w', [{ kind: 'time', field: 'lastSeen', bound: { op: 'before', relativeMs: 14 * D }, negated: false }]],
  [
    'firstSeen:-30m',
    [{ kind: 'time', field: 'firstSeen', bound: { op: 'after', relativeMs: 30 * 60_000 }, negated: false }],
  ],
  [
    'firstSeen:>2026-11-01',
    [{ kind: 'time', field: 'firstSeen', bound: { op: 'after', at: '2026-11-01T00:00:00.000Z' }, negated: false }],
  ],
  [
    'lastSeen:<2026-11-01T12:30:00Z',
    [{ kind: 'time', field: 'lastSeen', bound: { op: 'before', at: '2026-11-01T12:30:00.000Z' }, negated: false }],
  ],
  ['!firstSeen:-1d', [{ kind: 'time', field: 'firstSeen', bound: { op: 'after', relativeMs: D }, negated: true }]],
  [
    'is:unresolved level:error environment:production release:1.4 browser:Chrome "coupon" !user:7',
    [
      { kind: 'status', status: 'UNRESOLVED', negated: false },
      { kind: 'level', level: 'ERROR', negated: false },
      { kind: 'tag', key: 'environment', value: 'production', wildcard: false, negated: false },
      { kind: 'tag', key: 'release', value: '1.4', wildcard: false, negated: false },
      { kind: 'tag', key: 'browser', value: 'Chrome', wildcard: false, negated: false },
      { kind: 'text', text: 'coupon', negated: false },
      { kind: 'user', value: '7', negated: true },
    ],
  ],
  // A colon inside free text after the first word stays part of the value; a leading colon is text.
  [':weird', [{ kind: 'text', text: ':weird', negated: false }]],
];

const bad: [string, number, string][] = [
  ['is:open', 3, 'Unknown "is:" value "open": use unresolved, resolved, ignored, assigned or unassigned'],
  ['level:critical', 6, 'Unknown level "critical": use fatal, error, warning, info or debug'],
  ['assigned:bob', 9, 'Unknown "assigned:" value "bob": use me, none or #team-slug'],
  ['assigned:#Bad_Slug', 9, 'Unknown "assigned:" value "#Bad_Slug": use me, none or #team-slug'],
  ['browser:', 8, 'Missing value after "browser:"'],
  ['TypeError level:', 16, 'Missing value after "level:"'],
  ['"unclosed phrase', 0, 'Unclosed quote'],
  ['browser:"Chrome', 8, 'Unclosed quote'],
  ['"a"b', 3, 'Put a space after a closing quote'],
  ['ab"c', 2, 'A quote may only start a value'],
  ['!', 0, 'Nothing to negate after "!"'],
  ['x ! y', 2, 'Nothing to negate after "!"'],
  ['""', 0, 'Empty quoted text'],
  ['firstSeen:yesterday', 10, '"firstSeen:" takes a time like -24h, +7d (units m, h, d, w) or >2026-11-01'],
  ['lastSeen:-7y', 9, '"lastSeen:" takes a time like -24h, +7d (units m, h, d, w) or >2026-11-01'],
  ['lastSeen:>2026-13-45', 9, '"lastSeen:" takes a time like -24h, +7d (units m, h, d, w) or >2026-11-01'],
  // Outside 1970–9999: refused here, never a 500 from the database.
  ['firstSeen:-999999w', 10, '"firstSeen:" reaches back at most 50 years (e.g. -2600w)'],
  ['is:unresolved lastSeen:+999999d', 23, '"lastSeen:" reaches back at most 50 years (e.g. -2600w)'],
  ['firstSeen:>0001-01-01', 11, '"firstSeen:" takes a date between 1970 and 9999'],
  ['lastSeen:<1969-12-31', 10, '"lastSeen:" takes a date between 1970 and 9999'],
  ['br@wser:x', 0, '"br@wser" is not a valid key: use letters, digits, "_", "." or "-"'],
  ['ok !b$d:x', 4, '"b$d" is not a valid key: use letters, digits, "_", "." or "-"'],
  ['contexts.os:Linux', 0, '"contexts.os" names no context key: use contexts.<name>.<key>, e.g. contexts.os.name'],
  ['contexts:Linux', 0, '"contexts" names no context key: use contexts.<name>.<key>, e.g. contexts.os.name'],
  ['x !contexts..name:a', 3, '"contexts..name" names no context key: use contexts.<name>.<key>, e.g. contexts.os.name'],
  ['contexts.os.:a', 0, '"contexts.os." names no context key: use contexts.<name>.<key>, e.g. contexts.os.name'],
  ['flags.:true', 0, '"flags." names no flag: use flags.<name>, e.g. flags.new-checkout:true'],
  ['flags:true', 0, '"flags" names no flag: use flags.<name>, e.g. flags.new-checkout:true'],
  ['flags.a..b:true', 0, '"flags.a..b" names no flag: use flags.<name>, e.g. flags.new-checkout:true'],
  ['a '.repeat(21).trim(), 40, 'At most 20 terms in one query'],
  ['x'.repeat(MAX_QUERY_LENGTH + 1), MAX_QUERY_LENGTH, `The query is longer than ${MAX_QUERY_LENGTH} characters`],
];

describe('parseSearchQuery', () => {
  it.each(good)('parses %j', (input, filters) => {
    expect(parseSearchQuery(input)).toEqual({ ok: true, filters });
  });

  it.each(bad)('refuses %j at %i', (input, position, reason) => {
    expect(parseSearchQuery(input)).toEqual({ ok: false, position, reason });
  });
});

describe('withTerm', () => {
  it.each([
    ['is:unresolved browser:Chrome', /^is:(unresolved|resolved|ignored)$/i, 'is:ignored', 'is:ignored browser:Chrome'],
    ['browser:Chrome', /^is:(unresolved|resolved|ignored)$/i, 'is:resolved', 'is:resolved browser:Chrome'],
    ['is:unresolved level:error', /^level:/i, null, 'is:unresolved'],
    ['', /^level:/i, 'level:fatal', 'level:fatal'],
  ])('%j %s %j', (query, prefix, term, expected) => {
    expect(withTerm(query, prefix, term)).toBe(expected);
  });
});
