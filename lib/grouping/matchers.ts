// The matchers of Sentry's fingerprint rules and stack trace rules (#63): `[!]name:value`, the value a glob (quoted
// when it holds spaces). Each is compiled once, when its rules are read; how each compares follows Sentry (paths and
// packages case-insensitive with `**`, types, functions and modules case-sensitive, messages and levels not).
import { compileGlob, GlobError } from './glob';
import type { LineCursor } from './rule-text';

export type RuleLanguage = 'fingerprint' | 'stack';

export type MatcherKey =
  | 'type'
  | 'value'
  | 'message'
  | 'logger'
  | 'level'
  | 'tag'
  | 'module'
  | 'path'
  | 'function'
  | 'package'
  | 'family'
  | 'app'
  | 'sdk'
  | 'release'
  | 'mechanism'
  | 'category';

export type Matcher = {
  key: MatcherKey;
  /** The tag a `tags.<name>` matcher reads. */
  tag?: string;
  negated: boolean;
  /** The matcher in its canonical spelling (`!error.type:"Foo*"`), for descriptions and the config's hash. */
  text: string;
  /** Whether a value matches, before negation. */
  test: (value: unknown) => boolean;
};

/** Each language's names, Sentry's (discover field names and their short aliases), and what each reads. */
const NAMES: Record<RuleLanguage, Record<string, MatcherKey>> = {
  fingerprint: {
    'error.type': 'type',
    type: 'type',
    'error.value': 'value',
    value: 'value',
    message: 'message',
    logger: 'logger',
    level: 'level',
    'stack.module': 'module',
    module: 'module',
    'stack.abs_path': 'path',
    path: 'path',
    'stack.function': 'function',
    function: 'function',
    'stack.package': 'package',
    package: 'package',
    family: 'family',
    app: 'app',
    sdk: 'sdk',
    release: 'release',
  },
  stack: {
    'stack.module': 'module',
    module: 'module',
    'stack.abs_path': 'path',
    path: 'path',
    'stack.function': 'function',
    function: 'function',
    'stack.package': 'package',
    package: 'package',
    'error.type': 'type',
    'error.value': 'value',
    'error.mechanism': 'mechanism',
    family: 'family',
    app: 'app',
    category: 'category',
  },
};

const CANONICAL: Record<MatcherKey, string> = {
  type: 'error.type',
  value: 'error.value',
  message: 'message',
  logger: 'logger',
  level: 'level',
  tag: 'tags',
  module: 'stack.module',
  path: 'stack.abs_path',
  function: 'stack.function',
  package: 'stack.package',
  family: 'family',
  app: 'app',
  sdk: 'sdk',
  release: 'release',
  mechanism: 'error.mechanism',
  category: 'category',
};

const LISTED: Record<RuleLanguage, string> = {
  fingerprint:
    'error.type, error.value, message, logger, level, tags.<name>, stack.abs_path, stack.module, stack.function, stack.package, family, app, sdk or release',
  stack:
    'stack.abs_path, stack.module, stack.function, stack.package, error.type, error.value, error.mechanism, family, app or category',
};

export const FAMILIES = ['javascript', 'native', 'other', 'all'] as const;

const TRUE = new Set(['yes', 'true', '1', 'on']);
const FALSE = new Set(['no', 'false', '0', 'off']);

/** Sentry's `get_rule_bool`: yes/true/1/on and no/false/0/off; anything else is no boolean. */
export function ruleBool(text: string): boolean | undefined {
  const t = text.toLowerCase();
  return TRUE.has(t) ? true : FALSE.has(t) ? false : undefined;
}

const quote = (p: string) => (/^[^\s"\\]+$/.test(p) && p !== '' ? p : `"${p.replace(/["\\]/g, '\\$&')}"`);

type Compiled = (value: unknown) => boolean;

function glob(pattern: string, opts: { ignoreCase?: boolean }, at: number, cursor: LineCursor): RegExp {
  try {
    return compileGlob(pattern, opts);
  } catch (err) {
    if (err instanceof GlobError) cursor.fail(err.message, at);
    throw err;
  }
}

/** Sentry's path matching: case-insensitive, `\` read as `/`, `**` across folders, a relative path also as `/path`. */
function pathTest(pattern: string, at: number, cursor: LineCursor): Compiled {
  let re: RegExp;
  try {
    re = compileGlob(pattern.replace(/\\/g, '/'), { doubleStar: true, ignoreCase: true });
  } catch (err) {
    if (err instanceof GlobError) cursor.fail(err.message, at);
    throw err;
  }
  return (v) => {
    if (typeof v !== 'string') return false;
    const path = v.includes('\\') ? v.replace(/\\/g, '/') : v;
    return re.test(path) || (!path.startsWith('/') && re.test(`/${path}`));
  };
}

function listTest(pattern: string, allowed: readonly string[] | null, at: number, cursor: LineCursor): Compiled {
  const names = pattern.split(',');
  if (allowed)
    for (const n of names)
      if (!allowed.includes(n))
        cursor.fail(`Unknown family "${n}": use ${allowed.slice(0, -1).join(', ')} or all (comma-separated)`, at);
  const set = new Set(names);
  return (v) => set.has('all') || (typeof v === 'string' && set.has(v));
}

function compile(key: MatcherKey, pattern: string, lang: RuleLanguage, at: number, cursor: LineCursor): Compiled {
  const re = (ignoreCase: boolean) => {
    const r = glob(pattern, { ignoreCase }, at, cursor);
    // A pattern without wildcards is a comparison (most function and type names): no regular expression per value.
    if (!/[*?[\]{}\\]/.test(pattern))
      return ignoreCase
        ? (v: unknown) =>
            typeof v === 'string' && v.length === pattern.length && v.toLowerCase() === pattern.toLowerCase()
        : (v: unknown) => v === pattern;
    return (v: unknown) => typeof v === 'string' && r.test(v);
  };
  switch (key) {
    case 'path':
    case 'package':
    case 'release':
      return pathTest(pattern, at, cursor);
    case 'family':
      return listTest(pattern, FAMILIES, at, cursor);
    case 'sdk':
      return listTest(pattern, null, at, cursor);
    case 'app': {
      const want = ruleBool(pattern);
      if (want === undefined) cursor.fail(`Invalid value "${pattern}" for app: use yes or no`, at);
      // Stack trace rules read a frame without the flag as not in-app; fingerprint rules match neither.
      return lang === 'stack' ? (v) => (v === true) === want : (v) => v === want;
    }
    case 'value':
      // Sentry compares exception values without case in fingerprint rules, with case in stack trace rules.
      return re(lang === 'fingerprint');
    case 'message':
    case 'level':
      return re(true);
    default:
      return re(false);
  }
}

/** Reads one `[!]name:value` at the cursor; `stop` ends an unquoted value early (a `]` closing a sibling matcher). */
export function parseMatcher(cursor: LineCursor, lang: RuleLanguage, stop?: (c: string) => boolean): Matcher {
  let negated = false;
  if (cursor.peek() === '!') {
    negated = true;
    cursor.i++;
  }
  const nameAt = cursor.i;
  let name: string;
  if (cursor.peek() === '"') {
    name = cursor.quoted();
    if (!/^[A-Za-z0-9_.:-]+$/.test(name)) cursor.fail(`Invalid matcher name "${name}"`, nameAt);
  } else name = cursor.word((c) => !/[A-Za-z0-9_.-]/.test(c));
  if (name === '') cursor.fail('Expected a matcher, such as error.type:ValueError', nameAt);
  if (cursor.peek() !== ':') cursor.fail(`Expected ":" and a value after "${name}"`, cursor.i);
  cursor.i++;
  const at = cursor.i;
  if (cursor.done || /[ \t]/.test(cursor.peek())) cursor.fail(`Missing value after "${name}:"`, at);
  const pattern = cursor.peek() === '"' ? cursor.quoted() : cursor.word(stop);
  if (pattern === '') cursor.fail(`Missing value after "${name}:"`, at);

  if (name.startsWith('tags.') && lang === 'fingerprint') {
    const tag = name.slice(5);
    if (tag === '') cursor.fail('A tag matcher names its tag: tags.<name>:<value>', nameAt);
    return {
      key: 'tag',
      tag,
      negated,
      text: `${negated ? '!' : ''}${/^[A-Za-z0-9_.-]+$/.test(tag) ? `tags.${tag}` : `"tags.${tag}"`}:${quote(pattern)}`,
      test: compile('tag', pattern, lang, at, cursor),
    };
  }
  const key = NAMES[lang][name];
  if (!key) cursor.fail(`Unknown matcher "${name}": use ${LISTED[lang]}`, nameAt);
  return {
    key,
    negated,
    text: `${negated ? '!' : ''}${CANONICAL[key]}:${quote(pattern)}`,
    test: compile(key, pattern, lang, at, cursor),
  };
}

/** Whether the matcher holds for a value (its negation applied). */
export const holds = (m: Matcher, value: unknown): boolean => m.test(value) !== m.negated;
