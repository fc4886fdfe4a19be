// A CODEOWNERS file (#49) as ownership rules of type codeowners, as Sentry translates it: each line is
// `pattern owner…`; owners are @org/team-slug (our team of that slug) or an email address of a member. GitHub user
// handles (@name) name nobody here and are reported. A line without owners is skipped, as Sentry does.
import { linesOf, parseOwner, type OwnerRef, type ParsedRule, type RuleError } from './parse-rules';

/** The largest CODEOWNERS file accepted, in characters. */
export const MAX_CODEOWNERS_CHARS = 100_000;

export function parseCodeowners(raw: string): { rules: ParsedRule[]; errors: RuleError[] } {
  const rules: ParsedRule[] = [];
  const errors: RuleError[] = [];
  linesOf(raw).forEach((text, index) => {
    const line = index + 1;
    const tokens = [...text.matchAll(/\S+/g)];
    if (!tokens.length || tokens[0][0].startsWith('#')) return;
    const owners: OwnerRef[] = [];
    let bad = false;
    for (const t of tokens.slice(1)) {
      const token = t[0];
      const column = (t.index ?? 0) + 1;
      if (token.startsWith('#')) break; // a comment after the owners
      if (token.startsWith('@')) {
        const team = /^@[^/\s]+\/([^/\s]+)$/.exec(token);
        if (team) owners.push({ type: 'team', identifier: team[1].toLowerCase(), column });
        else {
          errors.push({
            line,
            column,
            message: `"${token}" is a GitHub user: name a member by email address, or a team as @org/team-slug`,
          });
          bad = true;
        }
        continue;
      }
      const owner = parseOwner(token, line, column);
      if ('message' in owner) {
        errors.push(owner);
        bad = true;
      } else owners.push(owner);
    }
    if (bad || !owners.length) return;
    rules.push({ line, text: text.trim(), matcher: { type: 'codeowners', pattern: tokens[0][0] }, owners });
  });
  return { rules, errors };
}
