// Sentry's stack trace rules (#63), one a line: `matcher:value [matcher:value …] action [action …]`. Actions:
// `+app`/`-app` mark frames in-app or not, `+group`/`-group` put them in or out of grouping, each with `^` (the frames
// above the match, toward the crash) or `v` (below it, away from the crash) for a range; `max-frames=N` groups by the
// N frames nearest the crash, `min-frames=N` only with at least N, `category=NAME` names the frame for later rules.
// Every rule runs top to bottom over every frame: first the in-app and category changes, then the grouping ones.
import { holds, type Matcher } from './matchers';
import { parseLines, type LineCursor, type RuleError } from './rule-text';
import { parseSiblings, type Siblings } from './siblings';
import type { SubjectException, SubjectFrame } from './subject';

type FlagAction = { kind: 'flag'; flag: 'app' | 'group'; value: boolean; range?: 'up' | 'down' };
type VarAction =
  { kind: 'var'; name: 'max-frames' | 'min-frames'; value: number } | { kind: 'category'; value: string };
export type StackAction = FlagAction | VarAction;

export type StackRule = {
  line: number;
  text: string;
  matchers: Matcher[];
  siblings: Siblings;
  actions: StackAction[];
  /** The actions that change frames (in-app, category) and those that decide grouping, split once when read. */
  modifiers: StackAction[];
  updaters: StackAction[];
};

const FLAG = /^([\^v]?)([+-])([A-Za-z-]+)/;
const VAR = /^([A-Za-z-]+)[ \t]*=[ \t]*/;

const atAction = (cursor: LineCursor) => {
  const rest = cursor.text.slice(cursor.i);
  return /^[\^v]?[+-]/.test(rest) || /^(?:max-frames|min-frames|category)[ \t]*=/.test(rest);
};

const UNKNOWN_ACTION =
  'use +app, -app, +group or -group (with ^ or v before the sign for the frames above or below the match), max-frames=N, min-frames=N or category=NAME';

function parseAction(cursor: LineCursor): StackAction {
  const at = cursor.i;
  const rest = cursor.text.slice(at);
  const flag = FLAG.exec(rest);
  if (flag) {
    const name = flag[3];
    if (name !== 'app' && name !== 'group') cursor.fail(`Unknown action "${flag[0]}": ${UNKNOWN_ACTION}`, at);
    cursor.i += flag[0].length;
    const range = flag[1] === '^' ? 'up' : flag[1] === 'v' ? 'down' : undefined;
    return { kind: 'flag', flag: name, value: flag[2] === '+', ...(range ? { range } : {}) };
  }
  const v = VAR.exec(rest);
  if (!v) cursor.fail(`Unknown action "${/^\S*/.exec(rest)![0]}": ${UNKNOWN_ACTION}`, at);
  const name = v[1];
  if (name !== 'max-frames' && name !== 'min-frames' && name !== 'category')
    cursor.fail(`Unknown variable "${name}": use max-frames, min-frames or category`, at);
  cursor.i += v[0].length;
  const valueAt = cursor.i;
  const value = cursor.word();
  if (value === '') cursor.fail(`Missing value after "${name}="`, valueAt);
  if (name === 'category') {
    if (!/^[A-Za-z0-9_.-]+$/.test(value))
      cursor.fail(`Invalid category "${value}": use letters, digits, _, . and -`, valueAt);
    return { kind: 'category', value };
  }
  if (!/^\d{1,4}$/.test(value))
    cursor.fail(`Invalid value "${value}" for ${name}: use a whole number from 0 to 9999`, valueAt);
  return { kind: 'var', name, value: Number(value) };
}

const actionText = (a: StackAction) =>
  a.kind === 'flag'
    ? `${a.range === 'up' ? '^' : a.range === 'down' ? 'v' : ''}${a.value ? '+' : '-'}${a.flag}`
    : a.kind === 'category'
      ? `category=${a.value}`
      : `${a.name}=${a.value}`;

function parseRule(cursor: LineCursor, line: number): StackRule {
  const start = cursor.i;
  const { matchers, siblings } = parseSiblings(cursor, 'stack', () => atAction(cursor));
  if (matchers.length === 0) cursor.fail('A rule needs at least one matcher before its actions', start);
  const actions: StackAction[] = [];
  for (;;) {
    cursor.skipSpace();
    if (cursor.done) break;
    if (cursor.peek() === '#') cursor.fail('A comment goes on a line of its own, starting with #', cursor.i);
    actions.push(parseAction(cursor));
  }
  if (actions.length === 0) cursor.fail('A rule needs at least one action, such as -app or -group', cursor.i);
  const text = [
    siblings.caller ? `[ ${siblings.caller.text} ] |` : '',
    ...matchers.map((m) => m.text),
    siblings.callee ? `| [ ${siblings.callee.text} ]` : '',
    ...actions.map(actionText),
  ]
    .filter(Boolean)
    .join(' ');
  return {
    line,
    text,
    matchers,
    siblings,
    actions,
    modifiers: actions.filter((a) => a.kind === 'category' || (a.kind === 'flag' && a.flag === 'app')),
    updaters: actions.filter((a) => a.kind === 'var' || (a.kind === 'flag' && a.flag === 'group')),
  };
}

/** Reads a text of stack trace rules; every line that cannot be read is an error at its line and column. */
export function parseStackRules(raw: string): { rules: StackRule[]; errors: RuleError[] } {
  return parseLines(raw, parseRule);
}

function frameValue(m: Matcher, f: SubjectFrame, exception: SubjectException | undefined): unknown {
  switch (m.key) {
    case 'path':
      return f.absPath || f.filename;
    case 'function':
      return f.function;
    case 'module':
      return f.module;
    case 'package':
      return f.package;
    case 'family':
      return f.family;
    case 'app':
      return f.inApp;
    case 'category':
      return f.category;
    case 'type':
      return exception?.type || '<unknown>';
    case 'value':
      return exception?.value || '<unknown>';
    default:
      return exception?.mechanism || '<unknown>';
  }
}

const holdsAt = (m: Matcher, frames: SubjectFrame[], i: number, exception: SubjectException | undefined) =>
  i >= 0 && i < frames.length && holds(m, frameValue(m, frames[i], exception));

/** The frames (indexes, innermost first) a rule matches. */
function matching(rule: StackRule, frames: SubjectFrame[], exception: SubjectException | undefined): number[] {
  const out: number[] = [];
  for (let i = 0; i < frames.length; i++) {
    if (!rule.matchers.every((m) => holdsAt(m, frames, i, exception))) continue;
    if (rule.siblings.caller && !holdsAt(rule.siblings.caller, frames, i + 1, exception)) continue;
    if (rule.siblings.callee && !holdsAt(rule.siblings.callee, frames, i - 1, exception)) continue;
    out.push(i);
  }
  return out;
}

/** The frames an action at frame i reaches: itself, those above it (toward the crash) or those below it. */
function reach(a: FlagAction, i: number, count: number): number[] {
  if (a.range === 'up') return Array.from({ length: i }, (_, k) => k);
  if (a.range === 'down') return Array.from({ length: count - i - 1 }, (_, k) => i + 1 + k);
  return [i];
}

export type StackOutcome = {
  /** Which frames take part in grouping (before max-frames). */
  contributes: boolean[];
  maxFrames?: number;
  minFrames?: number;
};

/**
 * Runs the rules over a stack, innermost first: sets the frames' `inApp` and `category` in place (the in-app changes
 * are stored with the event) and answers which frames group.
 */
export function applyStackRules(
  rules: readonly StackRule[],
  frames: SubjectFrame[],
  exception: SubjectException | undefined,
): StackOutcome {
  for (const rule of rules) {
    const modifiers = rule.modifiers;
    if (modifiers.length === 0) continue;
    for (const i of matching(rule, frames, exception))
      for (const a of modifiers) {
        if (a.kind === 'category') frames[i].category = a.value;
        else if (a.kind === 'flag') for (const k of reach(a, i, frames.length)) frames[k].inApp = a.value;
      }
  }
  const outcome: StackOutcome = { contributes: frames.map(() => true) };
  for (const rule of rules) {
    const updaters = rule.updaters;
    if (updaters.length === 0) continue;
    const hits = matching(rule, frames, exception);
    for (const i of hits)
      for (const a of updaters)
        if (a.kind === 'flag') for (const k of reach(a, i, frames.length)) outcome.contributes[k] = a.value;
    if (hits.length > 0)
      for (const a of updaters)
        if (a.kind === 'var') {
          if (a.name === 'max-frames') outcome.maxFrames = a.value;
          else outcome.minFrames = a.value;
        }
  }
  return outcome;
}
