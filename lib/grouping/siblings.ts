// The matchers of one rule, as both rule languages write them (#63): `[ caller ] | matcher … | [ callee ]`. A caller
// matcher holds on the frame that called the matching frame, a callee matcher on the frame it called.
import { parseMatcher, type Matcher, type MatcherKey, type RuleLanguage } from './matchers';
import type { LineCursor } from './rule-text';

export type Siblings = { caller?: Matcher; callee?: Matcher };

const FRAME_KEYS: Record<RuleLanguage, ReadonlySet<MatcherKey>> = {
  fingerprint: new Set(['module', 'path', 'function', 'package', 'app', 'category']),
  stack: new Set(['module', 'path', 'function', 'package', 'app', 'category', 'family']),
};

/** Whether a matcher reads a frame (rather than the exception or the event) in that language. */
export const frameMatcherKeys = (lang: RuleLanguage) => FRAME_KEYS[lang];

function sibling(cursor: LineCursor, lang: RuleLanguage, what: 'caller' | 'callee'): Matcher {
  cursor.skipSpace();
  const at = cursor.i;
  const m = parseMatcher(cursor, lang, (c) => c === ']');
  if (!FRAME_KEYS[lang].has(m.key))
    cursor.fail(
      `A ${what} matcher reads a frame: use stack.function, stack.module, stack.abs_path, stack.package or app`,
      at,
    );
  cursor.skipSpace();
  if (cursor.peek() !== ']') cursor.fail(`Expected "]" to close the ${what} matcher`, cursor.i);
  cursor.i++;
  return m;
}

/**
 * Reads matchers until `atEnd` says what follows them starts (`->`, an action) or a word that is no matcher (no
 * colon in it) comes, which the caller then names.
 */
export function parseSiblings(
  cursor: LineCursor,
  lang: RuleLanguage,
  atEnd: () => boolean,
): { matchers: Matcher[]; siblings: Siblings } {
  const matchers: Matcher[] = [];
  const siblings: Siblings = {};
  for (;;) {
    cursor.skipSpace();
    if (cursor.done || atEnd()) break;
    const at = cursor.i;
    if (cursor.peek() === '[') {
      if (matchers.length > 0 || siblings.caller)
        cursor.fail('A caller matcher "[ … ] |" comes first, before the other matchers', at);
      cursor.i++;
      siblings.caller = sibling(cursor, lang, 'caller');
      cursor.skipSpace();
      if (cursor.peek() !== '|')
        cursor.fail('Expected "|" after "[ … ]": a caller matcher reads [ matcher ] | matcher', cursor.i);
      cursor.i++;
    } else if (cursor.peek() === '|') {
      if (matchers.length === 0) cursor.fail('A callee matcher "| [ … ]" comes last, after the other matchers', at);
      cursor.i++;
      cursor.skipSpace();
      if (cursor.peek() !== '[')
        cursor.fail('Expected "[" after "|": a callee matcher reads matcher | [ matcher ]', cursor.i);
      cursor.i++;
      siblings.callee = sibling(cursor, lang, 'callee');
      break;
    } else {
      const word = /^[^ \t]*/.exec(cursor.text.slice(at))![0];
      if (matchers.length > 0 && !word.includes(':')) break;
      matchers.push(parseMatcher(cursor, lang));
    }
  }
  if ((siblings.caller || siblings.callee) && !matchers.some((m) => FRAME_KEYS[lang].has(m.key)))
    cursor.fail(
      'A caller or callee matcher goes with a matcher on the frame itself (stack.function, stack.module, stack.abs_path, stack.package or app)',
      0,
    );
  return { matchers, siblings };
}
