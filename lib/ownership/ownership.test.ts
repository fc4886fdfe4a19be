import { describe, expect, it } from 'vitest';
import { codeownersRegex, globMatch } from './glob';
import { factsOfEvent, ruleMatches, type EventFacts } from './match-event';
import { parseCodeowners } from './parse-codeowners';
import { parseRules } from './parse-rules';
import { rulesByPrecedence } from './owners-of';

const rule = (text: string) => {
  const { rules, errors } = parseRules(text);
  expect(errors).toEqual([]);
  return rules[0];
};
const facts = (over: Partial<EventFacts> = {}): EventFacts => ({ frames: [], url: null, tags: {}, ...over });

describe('parseRules', () => {
  it('reads each matcher type, quoted patterns, comments and blank lines; owners lower-cased, in order', () => {
    const { rules, errors } = parseRules(
      [
        '# billing',
        '',
        'path:src/billing/* #Payments alice@Example.com',
        '  url:*/checkout*   alice@example.com',
        'tags.region:eu #emea',
        'module:billing.* #payments',
        'src/legacy/** #core',
        'codeowners:/src/ #core',
        'path:"My Documents/*.js" #docs',
      ].join('\r\n'),
    );
    expect(errors).toEqual([]);
    expect(
      rules.map((r) => [r.line, r.matcher.type, r.matcher.pattern, r.owners.map((o) => `${o.type}:${o.identifier}`)]),
    ).toEqual([
      [3, 'path', 'src/billing/*', ['team:payments', 'user:alice@example.com']],
      [4, 'url', '*/checkout*', ['user:alice@example.com']],
      [5, 'tags.region', 'eu', ['team:emea']],
      [6, 'module', 'billing.*', ['team:payments']],
      [7, 'path', 'src/legacy/**', ['team:core']],
      [8, 'codeowners', '/src/', ['team:core']],
      [9, 'path', 'My Documents/*.js', ['team:docs']],
    ]);
    expect(rules[1].text).toBe('url:*/checkout*   alice@example.com');
    expect(rules[0].owners[1].column).toBe(30);
  });

  it.each([
    ['path:src/*', [{ line: 1, column: 11, message: 'Rule has no owners: add an email address or #team-slug' }]],
    [
      'foo:bar #x',
      [{ line: 1, column: 1, message: 'Unknown matcher type "foo": use path, url, module, codeowners or tags.<name>' }],
    ],
    ['tags.:eu #x', [{ line: 1, column: 1, message: 'A tag matcher names its tag: tags.<name>:<pattern>' }]],
    ['url: #x', [{ line: 1, column: 5, message: 'Missing pattern after "url:"' }]],
    ['path:"src/a #x', [{ line: 1, column: 6, message: 'Unterminated quoted pattern: add the closing "' }]],
    ['path:"a"b #x', [{ line: 1, column: 9, message: 'A space must follow the quoted pattern' }]],
    [
      'path:a # bob',
      [
        { line: 1, column: 8, message: 'A team owner needs its slug after #' },
        { line: 1, column: 10, message: '"bob" is not an owner: write an email address or #team-slug' },
      ],
    ],
    [
      'ok:x #a\n  path:b #t\n\turl:c nobody',
      [
        { line: 1, column: 1, message: 'Unknown matcher type "ok": use path, url, module, codeowners or tags.<name>' },
        { line: 3, column: 8, message: '"nobody" is not an owner: write an email address or #team-slug' },
      ],
    ],
  ])('%j → errors with line and column', (text, expected) => {
    expect(parseRules(text).errors).toEqual(expected);
  });
});

describe('globs', () => {
  it.each([
    ['src/billing/charge.js', 'src/billing/*', true],
    ['src/billing/deep/charge.js', 'src/billing/*', true],
    ['/app/src/billing/charge.js', 'src/billing/*', false],
    ['/app/src/billing/charge.js', '*/src/billing/*', true],
    ['SRC/Billing/x.py', 'src/billing/*', true],
    ['src\\billing\\x.py', 'src/billing/*', true],
    ['a.js', '?.js', true],
    ['ab.js', '[!a]b.js', false],
    ['cb.js', '[!a]b.js', true],
  ])('path %s against %s: %s', (value, pattern, expected) => {
    expect(globMatch(value, pattern, { ignoreCase: true, pathNormalize: true })).toBe(expected);
  });

  it.each([
    ['*.js', 'src/a/b.js', true],
    ['*.js', 'src/a/b.py', false],
    ['/src/billing/', 'src/billing/x/y.py', true],
    ['/src/billing/', 'lib/src/billing/x.py', false],
    ['src/billing/', 'lib/src/billing/x.py', false],
    ['billing/', 'lib/src/billing/x.py', true],
    ['/src/*.py', 'src/a.py', true],
    ['/build/**', 'build/a/b', true],
    ['/docs/*', 'docs/a.md', true],
    ['/docs/*', 'docs/a/b.md', false],
    ['/docs/**/*.md', 'docs/a/b/c.md', true],
    ['**/logs', 'x/y/logs/a.txt', true],
    ['apps/', 'deep/apps/x.js', true],
  ])('CODEOWNERS %s against %s: %s', (pattern, value, expected) => {
    expect(codeownersRegex(pattern, { stackRoot: '', sourceRoot: '' }).test(value)).toBe(expected);
  });

  it('a code mapping moves anchored patterns from the repository to the stack root', () => {
    const re = codeownersRegex('/backend/src/billing/', { stackRoot: '/srv/app/', sourceRoot: 'backend/' });
    expect(re.test('/srv/app/src/billing/charge.js')).toBe(true);
    expect(re.test('/srv/other/src/billing/charge.js')).toBe(false);
    const root = codeownersRegex('/src/billing/*.js', { stackRoot: '/srv/app', sourceRoot: '' });
    expect(root.test('/srv/app/src/billing/charge.js')).toBe(true);
  });
});

describe('parseCodeowners', () => {
  it('teams as @org/slug, emails, comments; GitHub users and bad owners reported at their column', () => {
    const { rules, errors } = parseCodeowners(
      [
        '# owners',
        '*.js @acme/Frontend',
        '/src/billing/ bob@example.com @acme/payments # money',
        '/docs/',
        '/ops/ @octocat',
      ].join('\n'),
    );
    expect(rules.map((r) => [r.line, r.matcher.pattern, r.owners.map((o) => `${o.type}:${o.identifier}`)])).toEqual([
      [2, '*.js', ['team:frontend']],
      [3, '/src/billing/', ['user:bob@example.com', 'team:payments']],
    ]);
    expect(errors).toEqual([
      {
        line: 5,
        column: 7,
        message: '"@octocat" is a GitHub user: name a member by email address, or a team as @org/team-slug',
      },
    ]);
  });
});

describe('matching an event', () => {
  const event = factsOfEvent({
    stacktrace: {
      frames: [
        { filename: '/app/node_modules/lib/index.js', abs_path: '/app/node_modules/lib/index.js', in_app: false },
        {
          filename: 'src/billing/charge.py',
          abs_path: '/srv/app/src/billing/charge.py',
          module: 'src.billing.charge',
          in_app: true,
        },
      ],
    },
    details: { causes: [{ stacktrace: { frames: [{ filename: 'src/auth/login.py', in_app: true }] } }] },
    request: { url: 'https://shop.example.com/checkout/pay?x=1' },
    tags: { region: 'eu' },
    environment: 'production',
    release: null,
  });

  it.each([
    ['path:src/billing/* #a', true],
    ['path:/srv/app/src/billing/* #a', true],
    ['path:*/node_modules/* #a', false],
    ['path:src/auth/* #a', true],
    ['module:src.billing.* #a', true],
    ['module:lib* #a', false],
    ['url:*/checkout* #a', true],
    ['url:*/cart* #a', false],
    ['tags.region:eu #a', true],
    ['tags.region:EU #a', false],
    ['tags.environment:prod* #a', true],
    ['tags.missing:* #a', false],
    ['codeowners:/src/billing/ #a', true],
    ['codeowners:node_modules/ #a', false],
  ])('%s: %s', (text, expected) => {
    expect(ruleMatches(rule(text), event)).toBe(expected);
  });

  it('precedence: the last matching ownership rule, then CODEOWNERS (last first)', () => {
    const own = parseRules('path:src/* #first\nurl:*/nothing* #no\ntags.region:eu #last').rules;
    const co = parseCodeowners('*.py @acme/py\n/src/ @acme/src').rules;
    const ordered = rulesByPrecedence(
      [
        ...own.map((r) => ({ rule: r, source: 'ownership' as const })),
        ...co.map((r) => ({ rule: r, source: 'codeowners' as const, mapping: { stackRoot: '', sourceRoot: '' } })),
      ],
      event,
    );
    expect(ordered.map((r) => r.rule.text)).toEqual([
      'tags.region:eu #last',
      'path:src/* #first',
      '/src/ @acme/src',
      '*.py @acme/py',
    ]);
    expect(ruleMatches(rule('path:* #a'), facts())).toBe(false);
  });
});
