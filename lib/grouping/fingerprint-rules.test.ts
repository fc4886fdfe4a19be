import { describe, expect, it } from 'vitest';
import { matchFingerprintRules, parseFingerprintRules } from './fingerprint-rules';
import type { GroupingSubject, SubjectFrame } from './subject';

const frame = (f: Partial<SubjectFrame> = {}): SubjectFrame => ({
  function: 'handler',
  absPath: '/srv/app/src/handler.js',
  filename: '/srv/app/src/handler.js',
  inApp: true,
  family: 'javascript',
  ...f,
});

const subject = (s: Partial<GroupingSubject> = {}): GroupingSubject => ({
  exceptions: [{ type: 'DatabaseUnavailable', value: 'connect ECONNREFUSED 10.0.0.7:5432' }],
  frames: [frame()],
  otherFrames: [],
  level: 'error',
  tags: {},
  family: 'javascript',
  ...s,
});

function rule(text: string) {
  const { rules, errors } = parseFingerprintRules(text);
  expect(errors).toEqual([]);
  return rules;
}

describe('fingerprint rules: what reads', () => {
  it.each([
    ['error.type:DatabaseUnavailable -> system-down', 'error.type:DatabaseUnavailable -> system-down'],
    ['message:"*timeout*" -> timeouts', 'message:*timeout* -> timeouts'],
    ['type:ConnectionError -> system-down', 'error.type:ConnectionError -> system-down'],
    [
      'error.value:"connection error: *" -> connection-error, {{ transaction }}',
      'error.value:"connection error: *" -> connection-error, {{ transaction }}',
    ],
    [
      'stack.function:query_database -> {{ default }}, {{transaction}}',
      'stack.function:query_database -> {{ default }}, {{ transaction }}',
    ],
    [
      '  logger:"com.myapp.*"   level:error   ->   mypackage-logger',
      'logger:com.myapp.* level:error -> mypackage-logger',
    ],
    [
      'tags.server_name:"canary-*.mycompany.internal" -> canary-events',
      'tags.server_name:canary-*.mycompany.internal -> canary-events',
    ],
    ['"tags.k8s:pod":web-* -> pods', '"tags.k8s:pod":web-* -> pods'],
    ['!stack.module:"myproject::*" family:native -> not-mine', '!stack.module:myproject::* family:native -> not-mine'],
    ['app:yes stack.function:assert -> assert', 'app:yes stack.function:assert -> assert'],
    [
      'logger:my.package.* level:error -> error-logger, {{ logger }} title="Error from Logger {{ logger }}"',
      'logger:my.package.* level:error -> error-logger, {{ logger }} title="Error from Logger {{ logger }}"',
    ],
    ['error.type:X -> a b,c , "d e"', 'error.type:X -> a, b, c, "d e"'],
    [
      '[ stack.function:retry ] | stack.function:connect -> retried-connect',
      '[ stack.function:retry ] | stack.function:connect -> retried-connect',
    ],
    [
      'stack.function:connect | [ stack.function:"net.*" ] -> net',
      'stack.function:connect | [ stack.function:net.* ] -> net',
    ],
    ['release:"backend@1.*" -> old-backend', 'release:backend@1.* -> old-backend'],
    ['sdk:sentry.javascript.node,sentry.python -> servers', 'sdk:sentry.javascript.node,sentry.python -> servers'],
  ])('%j reads as %j', (text, canonical) => {
    expect(rule(text).map((r) => r.text)).toEqual([canonical]);
  });

  it('comments and blank lines are skipped; each rule keeps its line', () => {
    const rules = rule(
      '# group outages\n\nerror.type:DatabaseUnavailable -> system-down\r\n  # timeouts too\nmessage:"*timeout*" -> timeouts\n',
    );
    expect(rules.map((r) => r.line)).toEqual([3, 5]);
  });
});

describe('fingerprint rules: what is refused, with its line and column', () => {
  it.each([
    [
      'foo:bar -> x',
      1,
      1,
      'Unknown matcher "foo": use error.type, error.value, message, logger, level, tags.<name>, stack.abs_path, stack.module, stack.function, stack.package, family, app, sdk or release',
    ],
    ['error.type:X', 1, 13, 'Expected "->" and a fingerprint after the matchers'],
    ['error.type:X system-down', 1, 14, 'Expected "->" and a fingerprint after the matchers'],
    ['-> system-down', 1, 1, 'A rule needs at least one matcher before "->"'],
    ['error.type:X ->', 1, 16, 'Expected a fingerprint after "->", such as -> my-group'],
    ['error.type:X ->   ', 1, 19, 'Expected a fingerprint after "->", such as -> my-group'],
    ['error.type: -> x', 1, 12, 'Missing value after "error.type:"'],
    ['error.type -> x', 1, 11, 'Expected ":" and a value after "error.type"'],
    ['message:"*timeout* -> timeouts', 1, 9, 'Unterminated quoted value: add the closing "'],
    ['error.type:X -> x foo="y"', 1, 19, 'Unknown attribute "foo": only title="…" is allowed'],
    ['error.type:X -> x title=Oops', 1, 25, 'The title is quoted: title="…"'],
    [
      'error.type:X -> x, {{ nope }}',
      1,
      20,
      'Unknown variable "{{ nope }}": use {{ default }}, {{ transaction }}, {{ message }}, {{ error.type }}, {{ error.value }}, {{ stack.function }}, {{ stack.abs_path }}, {{ stack.filename }}, {{ stack.module }}, {{ stack.package }}, {{ logger }}, {{ level }} or {{ tags.<name> }}',
    ],
    [
      'error.type:X -> x title="At {{ default }}"',
      1,
      29,
      '{{ default }} is a hash, not text: it has no place in a title',
    ],
    ['error.type:X -> {{ transaction', 1, 17, 'Unclosed "{{": write a variable as {{ name }}'],
    ['error.type:X -> x # outage', 1, 19, 'A comment goes on a line of its own, starting with #'],
    ['error.type:X -> , x', 1, 17, 'Expected a fingerprint part before ","'],
    ['app:maybe -> x', 1, 5, 'Invalid value "maybe" for app: use yes or no'],
    ['family:java -> x', 1, 8, 'Unknown family "java": use javascript, native, other or all (comma-separated)'],
    ['tags.:x -> y', 1, 1, 'A tag matcher names its tag: tags.<name>:<value>'],
    ['error.type:"[abc" -> x', 1, 12, 'Unclosed "[" in the pattern: close it with ] or escape it as \\['],
    [
      '[ error.type:X ] | stack.function:f -> x',
      1,
      3,
      'A caller matcher reads a frame: use stack.function, stack.module, stack.abs_path, stack.package or app',
    ],
    ['[ stack.function:f stack.function:g -> x', 1, 20, 'Expected "]" to close the caller matcher'],
    [
      '[ stack.function:f ] stack.function:g -> x',
      1,
      22,
      'Expected "|" after "[ … ]": a caller matcher reads [ matcher ] | matcher',
    ],
    [
      '[ stack.function:f ] | error.type:X -> x',
      1,
      1,
      'A caller or callee matcher goes with a matcher on the frame itself (stack.function, stack.module, stack.abs_path, stack.package or app)',
    ],
  ])('%j → line %i, column %i: %s', (text, line, column, message) => {
    expect(parseFingerprintRules(text).errors).toEqual([{ line, column, message }]);
  });

  it('every bad line is named, the good ones still read', () => {
    const { rules, errors } = parseFingerprintRules(
      'error.type:A -> a\nbogus:x -> b\nmessage:"*x* -> c\nlevel:error -> d',
    );
    expect(rules.map((r) => r.line)).toEqual([1, 4]);
    expect(errors.map((e) => [e.line, e.column])).toEqual([
      [2, 1],
      [3, 9],
    ]);
  });
});

describe('fingerprint rules: matching', () => {
  const first = (text: string, s: GroupingSubject) => matchFingerprintRules(rule(text), s);

  it('error.type is a case-sensitive glob on any exception of the chain', () => {
    expect(first('error.type:DatabaseUnavailable -> system-down', subject())?.parts).toEqual(['system-down']);
    expect(first('error.type:databaseunavailable -> system-down', subject())).toBeNull();
    expect(first('error.type:Database* -> db', subject())?.parts).toEqual(['db']);
    const chained = subject({ exceptions: [{ type: 'HttpError', value: 'x' }, { type: 'DatabaseUnavailable' }] });
    expect(first('error.type:DatabaseUnavailable -> system-down', chained)?.parts).toEqual(['system-down']);
  });

  it('message matches the message or an exception value, without case', () => {
    expect(
      first(
        'message:"*TIMEOUT*" -> timeouts',
        subject({ exceptions: [{ type: 'Error', value: 'Read timeout after 30s' }] }),
      )?.parts,
    ).toEqual(['timeouts']);
    expect(
      first('message:"*timeout*" -> timeouts', subject({ exceptions: [], message: 'Upstream timeout' }))?.parts,
    ).toEqual(['timeouts']);
    expect(first('message:"*timeout*" -> timeouts', subject())).toBeNull();
  });

  it('type and value matchers must hold on one exception; frame matchers on one frame', () => {
    const s = subject({
      exceptions: [
        { type: 'A', value: 'one' },
        { type: 'B', value: 'two' },
      ],
      frames: [frame({ function: 'connect', module: 'db' }), frame({ function: 'main', module: 'bot' })],
    });
    expect(first('error.type:A error.value:one -> x', s)).not.toBeNull();
    expect(first('error.type:A error.value:two -> x', s)).toBeNull();
    expect(first('stack.function:connect stack.module:db -> x', s)).not.toBeNull();
    expect(first('stack.function:connect stack.module:bot -> x', s)).toBeNull();
  });

  it('the first matching rule wins', () => {
    const rules = 'message:"*nomatch*" -> a\nerror.type:Database* -> b\nerror.type:DatabaseUnavailable -> c';
    expect(first(rules, subject())?.parts).toEqual(['b']);
  });

  it('negation, tags, level, logger, family, app, release, sdk', () => {
    const s = subject({
      tags: { server_name: 'canary-3.mycompany.internal' },
      logger: 'com.myapp.billing',
      level: 'warning',
      release: 'backend@1.4.2',
      sdk: 'sentry.javascript.node',
      family: 'javascript',
      frames: [frame({ inApp: false, function: 'assert' })],
    });
    expect(first('tags.server_name:"canary-*.mycompany.internal" -> canary', s)).not.toBeNull();
    expect(first('!tags.server_name:"canary-*" -> not-canary', s)).toBeNull();
    expect(first('!tags.region:eu -> no-region', s)).not.toBeNull();
    expect(first('level:WARNING logger:com.myapp.* -> w', s)).not.toBeNull();
    expect(first('logger:COM.myapp.* -> w', s)).toBeNull();
    expect(first('family:native -> n', s)).toBeNull();
    expect(first('family:native,javascript -> n', s)).not.toBeNull();
    expect(first('app:yes stack.function:assert -> a', s)).toBeNull();
    expect(first('app:no stack.function:assert -> a', s)).not.toBeNull();
    expect(first('release:backend@1.* -> old', s)).not.toBeNull();
    expect(first('sdk:sentry.python -> py', s)).toBeNull();
    expect(first('sdk:all -> any', s)).not.toBeNull();
  });

  it('a negated matcher needs something to look at: no exception, no error.type match', () => {
    expect(first('!error.type:Foo -> x', subject({ exceptions: [] }))).toBeNull();
    expect(first('!error.type:Foo -> x', subject())).not.toBeNull();
  });

  it('paths: both the absolute path and the file name, case-insensitive, ** across folders, relative paths as /…', () => {
    const s = subject({
      frames: [frame({ absPath: 'webpack:///./src/My-Utils/format.js', filename: './src/My-Utils/format.js' })],
    });
    expect(first('stack.abs_path:"**/my-utils/*.js" -> utils', s)).not.toBeNull();
    expect(first('stack.abs_path:"**/src/*.js" -> src', s)).toBeNull();
    const relative = subject({ frames: [frame({ absPath: 'lib/db.js', filename: 'lib/db.js' })] });
    expect(first('stack.abs_path:"**/lib/db.js" -> db', relative)).not.toBeNull();
  });

  it('caller and callee matchers look at the frames around the match (frames innermost first)', () => {
    const s = subject({
      frames: [frame({ function: 'socket.connect' }), frame({ function: 'connect' }), frame({ function: 'retry' })],
    });
    expect(first('[ stack.function:retry ] | stack.function:connect -> x', s)).not.toBeNull();
    expect(first('[ stack.function:main ] | stack.function:connect -> x', s)).toBeNull();
    expect(first('stack.function:connect | [ stack.function:socket.* ] -> x', s)).not.toBeNull();
    expect(first('stack.function:retry | [ stack.function:socket.* ] -> x', s)).toBeNull();
  });

  it('variables are filled in as Sentry fills them; the title too', () => {
    const s = subject({
      transaction: 'GET /api/users',
      logger: 'db',
      tags: { shard: 'eu-1' },
      frames: [frame({ inApp: false, function: 'lib' }), frame({ function: 'loadUser', module: 'app.users' })],
    });
    const m = first(
      'error.type:X* -> never\nerror.type:DatabaseUnavailable -> {{ default }}, {{ transaction }}, {{ error.type }}, {{ function }}, {{ module }}, {{ tags.shard }}, {{ tags.none }}, {{ package }}, {{ logger }}, {{ level }} title="DB down in {{ transaction }} ({{ error.value }})"',
      s,
    );
    expect(m?.parts).toEqual([
      '{{ default }}',
      'GET /api/users',
      'DatabaseUnavailable',
      'loadUser',
      'app.users',
      'eu-1',
      '<no-value-for-tag-none>',
      '<no-package>',
      'db',
      'error',
    ]);
    expect(m?.title).toBe('DB down in GET /api/users (connect ECONNREFUSED 10.0.0.7:5432)');
    expect(m?.rule.line).toBe(2);
  });

  it('{{ message }} is the message with its variable parts normalised', () => {
    const m = first(
      'logger:audit -> audit, {{ message }}',
      subject({ exceptions: [], logger: 'audit', message: 'User 4711 logged in' }),
    );
    expect(m?.parts[1]).not.toContain('4711');
  });
});
