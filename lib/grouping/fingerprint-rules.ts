// Sentry's fingerprint rules (#63), one a line: `matcher:value [matcher:value …] -> part [part …] [title="…"]`.
// A rule matches when all its matchers do (those on frames on one frame, those on exceptions on one exception); the
// first rule that matches names the event's fingerprint, its parts constants or variables (`{{ default }}`, the
// default grouping's hash; `{{ transaction }}`, `{{ error.type }}`, `{{ function }}`, `{{ tags.<name> }}`…), and,
// with `title="…"`, the title of the issue it creates.
import { normaliseMessage } from '@/lib/envelope/message';
import { holds, type Matcher, type MatcherKey } from './matchers';
import { parseLines, type LineCursor, type RuleError } from './rule-text';
import { crashFrame, type GroupingSubject, type SubjectFrame } from './subject';
import { parseSiblings, type Siblings } from './siblings';

/** How a resolved fingerprint part stands for the default grouping's hash. */
export const DEFAULT_PART = '{{ default }}';

type Entry = { literal: string } | { variable: string };

export type FingerprintRule = {
  line: number;
  /** The rule in its canonical spelling. */
  text: string;
  matchers: Matcher[];
  siblings: Siblings;
  fingerprint: Entry[];
  /** The issue title, `{{ variables }}` filled in when the rule applies. */
  title?: string;
  /** The matchers by what they read, sorted once when read. */
  by: Partial<Record<Group, Matcher[]>>;
};

const VARIABLES = [
  'transaction',
  'message',
  'error.type',
  'type',
  'error.value',
  'value',
  'stack.function',
  'function',
  'stack.abs_path',
  'path',
  'stack.filename',
  'stack.module',
  'module',
  'stack.package',
  'package',
  'logger',
  'level',
];
const VARIABLE = /\{\{\s*(\S+?)\s*\}\}/g;
const WHOLE_VARIABLE = /^\{\{\s*(\S+?)\s*\}\}$/;

function checkVariable(name: string, cursor: LineCursor, at: number, inTitle: boolean): void {
  if (name === 'default' && !inTitle) return;
  if (VARIABLES.includes(name) || (name.startsWith('tags.') && name.length > 5)) return;
  cursor.fail(
    name === 'default'
      ? '{{ default }} is a hash, not text: it has no place in a title'
      : `Unknown variable "{{ ${name} }}": use {{ default }}, {{ transaction }}, {{ message }}, {{ error.type }}, {{ error.value }}, {{ stack.function }}, {{ stack.abs_path }}, {{ stack.filename }}, {{ stack.module }}, {{ stack.package }}, {{ logger }}, {{ level }} or {{ tags.<name> }}`,
    at,
  );
}

function entryOf(value: string, cursor: LineCursor, at: number): Entry {
  const v = WHOLE_VARIABLE.exec(value);
  if (!v) return { literal: value };
  checkVariable(v[1], cursor, at, false);
  return { variable: v[1] };
}

const quote = (p: string) => (/^[^\s",{}#=\\]+$/.test(p) ? p : `"${p.replace(/["\\]/g, '\\$&')}"`);

function parseFingerprint(cursor: LineCursor): { entries: Entry[]; title?: string } {
  const entries: Entry[] = [];
  let title: string | undefined;
  for (;;) {
    cursor.skipSpace();
    if (cursor.done) break;
    const at = cursor.i;
    const c = cursor.peek();
    if (c === ',') cursor.fail('Expected a fingerprint part before ","', at);
    if (c === '#') cursor.fail('A comment goes on a line of its own, starting with #', at);
    const attribute = /^([A-Za-z0-9_.-]+)=/.exec(cursor.text.slice(at));
    if (attribute) {
      if (attribute[1] !== 'title') cursor.fail(`Unknown attribute "${attribute[1]}": only title="…" is allowed`, at);
      cursor.i += attribute[0].length;
      if (cursor.peek() !== '"') cursor.fail('The title is quoted: title="…"', cursor.i);
      const valueAt = cursor.i;
      title = cursor.quoted();
      for (const m of title.matchAll(VARIABLE)) checkVariable(m[1], cursor, valueAt + 1 + (m.index ?? 0), true);
    } else if (c === '"') {
      entries.push(entryOf(cursor.quoted(), cursor, at));
    } else if (cursor.startsWith('{{')) {
      const end = cursor.text.indexOf('}}', at);
      if (end < 0) cursor.fail('Unclosed "{{": write a variable as {{ name }}', at);
      cursor.i = end + 2;
      const text = cursor.text.slice(at, cursor.i);
      if (!WHOLE_VARIABLE.test(text)) cursor.fail(`Invalid variable "${text}": write it as {{ name }}`, at);
      entries.push(entryOf(text, cursor, at));
    } else {
      const word = cursor.word((ch) => ch === ',' || ch === '{');
      if (word === '') cursor.fail('Unexpected "{": quote a part that holds braces', at);
      entries.push({ literal: word });
    }
    cursor.skipSpace();
    if (cursor.peek() === ',') cursor.i++;
  }
  if (entries.length === 0) cursor.fail('Expected a fingerprint after "->", such as -> my-group', cursor.i);
  return { entries, title };
}

function parseRule(cursor: LineCursor, line: number): FingerprintRule {
  const start = cursor.i;
  const { matchers, siblings } = parseSiblings(cursor, 'fingerprint', () => cursor.startsWith('->'));
  cursor.skipSpace();
  if (matchers.length === 0 && cursor.startsWith('->'))
    cursor.fail('A rule needs at least one matcher before "->"', start);
  if (!cursor.startsWith('->')) cursor.fail('Expected "->" and a fingerprint after the matchers', cursor.i);
  cursor.i += 2;
  const { entries, title } = parseFingerprint(cursor);
  const parts = entries.map((e) => ('variable' in e ? `{{ ${e.variable} }}` : quote(e.literal)));
  const text = [
    siblings.caller ? `[ ${siblings.caller.text} ] |` : '',
    ...matchers.map((m) => m.text),
    siblings.callee ? `| [ ${siblings.callee.text} ]` : '',
    '->',
    parts.join(', '),
    title === undefined ? '' : `title="${title.replace(/["\\]/g, '\\$&')}"`,
  ]
    .filter(Boolean)
    .join(' ');
  const by: Partial<Record<Group, Matcher[]>> = {};
  for (const m of matchers) (by[GROUP[m.key]] ??= []).push(m);
  return { line, text, matchers, siblings, fingerprint: entries, title, by };
}

/** Reads a text of fingerprint rules; every line that cannot be read is an error at its line and column. */
export function parseFingerprintRules(raw: string): { rules: FingerprintRule[]; errors: RuleError[] } {
  return parseLines(raw, parseRule);
}

type Group = 'toplevel' | 'log' | 'exception' | 'tag' | 'event' | 'frame';
const GROUP: Record<MatcherKey, Group> = {
  message: 'toplevel',
  logger: 'log',
  level: 'log',
  type: 'exception',
  value: 'exception',
  mechanism: 'exception',
  tag: 'tag',
  sdk: 'event',
  family: 'event',
  release: 'event',
  module: 'frame',
  path: 'frame',
  function: 'frame',
  package: 'frame',
  app: 'frame',
  category: 'frame',
};

function frameValue(m: Matcher, f: SubjectFrame): unknown {
  switch (m.key) {
    case 'module':
      return f.module;
    case 'function':
      return f.function;
    case 'package':
      return f.package;
    case 'app':
      return f.inApp;
    default:
      return f.category;
  }
}

/** A frame matcher on one frame; a path matches on the absolute path or the file name, as Sentry's does. */
function frameHolds(m: Matcher, f: SubjectFrame): boolean {
  if (m.key !== 'path') return holds(m, frameValue(m, f));
  const hit = m.test(f.absPath) || (f.filename !== f.absPath && m.test(f.filename));
  return hit !== m.negated;
}

function eventValue(m: Matcher, s: GroupingSubject): unknown {
  if (m.key === 'tag') return s.tags[m.tag!];
  if (m.key === 'logger') return s.logger;
  if (m.key === 'level') return s.level;
  if (m.key === 'sdk') return s.sdk;
  if (m.key === 'family') return s.family;
  return s.release;
}

/** A message matcher holds on a message or an exception's value (Sentry checks both, as users expect). */
function toplevelHolds(matchers: Matcher[], s: GroupingSubject): boolean {
  const values: (string | undefined)[] = [];
  if (s.message !== undefined) values.push(s.message);
  for (const e of s.exceptions) values.push(e.value);
  return values.some((v) => matchers.every((m) => holds(m, v)));
}

function exceptionHolds(matchers: Matcher[], s: GroupingSubject): boolean {
  return s.exceptions.some((e) =>
    matchers.every((m) => holds(m, m.key === 'type' ? e.type : m.key === 'value' ? e.value : e.mechanism)),
  );
}

function framesHold(matchers: Matcher[], siblings: Siblings, stacks: SubjectFrame[][]): boolean {
  // Innermost first: a frame's caller is the next one, its callee the previous one.
  return stacks.some((frames) =>
    frames.some(
      (f, i) =>
        matchers.every((m) => frameHolds(m, f)) &&
        (!siblings.caller || (i + 1 < frames.length && frameHolds(siblings.caller, frames[i + 1]))) &&
        (!siblings.callee || (i > 0 && frameHolds(siblings.callee, frames[i - 1]))),
    ),
  );
}

function ruleHolds(rule: FingerprintRule, s: GroupingSubject): boolean {
  const by = rule.by;
  if (by.exception && !exceptionHolds(by.exception, s)) return false;
  for (const group of [by.log, by.tag, by.event])
    if (group) for (const m of group) if (!holds(m, eventValue(m, s))) return false;
  if (by.toplevel && !toplevelHolds(by.toplevel, s)) return false;
  if (by.frame || rule.siblings.caller || rule.siblings.callee)
    return framesHold(by.frame ?? [], rule.siblings, [s.frames, s.otherFrames]);
  return true;
}

/** The value a variable stands for in this event, as Sentry fills it in (`<no-…>` when the event has none). */
function variableValue(name: string, s: GroupingSubject): string {
  const crash = crashFrame(s.frames);
  const thrown = s.exceptions[0];
  switch (name) {
    case 'transaction':
      return s.transaction || '<no-transaction>';
    case 'message':
      return s.message ? normaliseMessage(s.message) : '<no-message>';
    case 'type':
    case 'error.type':
      return thrown?.type || '<no-type>';
    case 'value':
    case 'error.value':
      return thrown?.value || '<no-value>';
    case 'function':
    case 'stack.function':
      return crash && crash.function !== '<unknown>' ? crash.function : '<no-function>';
    case 'path':
    case 'stack.abs_path':
      return crash?.absPath || crash?.filename || '<no-abs-path>';
    case 'stack.filename':
      return crash?.filename || crash?.absPath || '<no-filename>';
    case 'module':
    case 'stack.module':
      return crash?.module || '<no-module>';
    case 'package':
    case 'stack.package':
      return crash?.package?.split(/[/\\]/).pop() || '<no-package>';
    case 'logger':
      return s.logger || '<no-logger>';
    case 'level':
      return s.level || '<no-level>';
    default: {
      const tag = name.slice(5);
      return s.tags[tag] ?? `<no-value-for-tag-${tag}>`;
    }
  }
}

export type FingerprintMatch = {
  rule: FingerprintRule;
  /** The parts with their variables filled in; DEFAULT_PART where the default hash goes. */
  parts: string[];
  title?: string;
};

/** The first rule that matches the event, with its fingerprint and title filled in; null when none does. */
export function matchFingerprintRules(rules: readonly FingerprintRule[], s: GroupingSubject): FingerprintMatch | null {
  for (const rule of rules) {
    if (!ruleHolds(rule, s)) continue;
    const parts = rule.fingerprint.map((e) =>
      'literal' in e ? e.literal : e.variable === 'default' ? DEFAULT_PART : variableValue(e.variable, s),
    );
    const title = rule.title?.replace(VARIABLE, (_, name: string) => variableValue(name, s));
    return { rule, parts, title };
  }
  return null;
}
