// Ownership rules in Sentry's syntax (#49), one a line: `[type:]pattern owner…`, `#` starts a comment line.
// Types: path (the default), url, module, codeowners, tags.<name>; a pattern may be "quoted" (with \" and \\
// escapes) to hold spaces. Owners: an email address (a member) or #team-slug. Every problem is reported with its
// line and column (1-based), not only the first.

export type MatcherType = 'path' | 'url' | 'module' | 'codeowners' | `tags.${string}`;
export type OwnerRef = { type: 'user' | 'team'; identifier: string; column: number };
export type ParsedRule = {
  /** 1-based line in its text. */
  line: number;
  /** The rule as written (the line without its surrounding spaces). */
  text: string;
  matcher: { type: MatcherType; pattern: string };
  owners: OwnerRef[];
};
export type RuleError = { line: number; column: number; message: string };

const KNOWN_TYPES = ['path', 'url', 'module', 'codeowners'] as const;
const WS = /[ \t]/;

/** The text's lines, for \n, \r\n and \r endings alike. */
export const linesOf = (raw: string) => raw.split(/\r\n|\r|\n/);

/** An owner token: `#team-slug` or an email address. */
export function parseOwner(token: string, line: number, column: number): OwnerRef | RuleError {
  if (token.startsWith('#')) {
    const slug = token.slice(1);
    if (!slug) return { line, column, message: 'A team owner needs its slug after #' };
    return { type: 'team', identifier: slug.toLowerCase(), column };
  }
  if (/^[^@\s]+@[^@\s]+$/.test(token)) return { type: 'user', identifier: token.toLowerCase(), column };
  return { line, column, message: `"${token}" is not an owner: write an email address or #team-slug` };
}

export function parseRules(raw: string): { rules: ParsedRule[]; errors: RuleError[] } {
  const rules: ParsedRule[] = [];
  const errors: RuleError[] = [];
  linesOf(raw).forEach((text, index) => {
    const line = index + 1;
    let i = 0;
    while (i < text.length && WS.test(text[i])) i++;
    if (i === text.length || text[i] === '#') return;
    const start = i;

    let type: MatcherType = 'path';
    const typed = /^([A-Za-z][\w.-]*):/.exec(text.slice(i));
    if (typed) {
      const name = typed[1];
      if ((KNOWN_TYPES as readonly string[]).includes(name)) type = name as MatcherType;
      else if (/^tags\.[^:]+$/.test(name)) type = name as MatcherType;
      else if (name === 'tags' || name === 'tags.') {
        errors.push({ line, column: i + 1, message: 'A tag matcher names its tag: tags.<name>:<pattern>' });
        return;
      } else if (name.length > 1 && !text.slice(i + name.length + 1).startsWith('//')) {
        errors.push({
          line,
          column: i + 1,
          message: `Unknown matcher type "${name}": use path, url, module, codeowners or tags.<name>`,
        });
        return;
      }
      if (type !== 'path' || name === 'path') i += name.length + 1;
    }

    let pattern = '';
    if (text[i] === '"') {
      let j = i + 1;
      let value = '';
      while (j < text.length && text[j] !== '"') {
        if (text[j] === '\\' && j + 1 < text.length) {
          value += text[j + 1];
          j += 2;
        } else value += text[j++];
      }
      if (j >= text.length) {
        errors.push({ line, column: i + 1, message: 'Unterminated quoted pattern: add the closing "' });
        return;
      }
      pattern = value;
      i = j + 1;
      if (i < text.length && !WS.test(text[i])) {
        errors.push({ line, column: i + 1, message: 'A space must follow the quoted pattern' });
        return;
      }
    } else {
      const from = i;
      while (i < text.length && !WS.test(text[i])) i++;
      pattern = text.slice(from, i);
    }
    if (!pattern) {
      errors.push({ line, column: i + 1, message: `Missing pattern after "${type}:"` });
      return;
    }

    const owners: OwnerRef[] = [];
    let ownerErrors = false;
    for (;;) {
      while (i < text.length && WS.test(text[i])) i++;
      if (i >= text.length) break;
      const from = i;
      while (i < text.length && !WS.test(text[i])) i++;
      const owner = parseOwner(text.slice(from, i), line, from + 1);
      if ('message' in owner) {
        errors.push(owner);
        ownerErrors = true;
      } else owners.push(owner);
    }
    if (!owners.length && !ownerErrors) {
      errors.push({
        line,
        column: text.trimEnd().length + 1,
        message: 'Rule has no owners: add an email address or #team-slug',
      });
      return;
    }
    if (!ownerErrors) rules.push({ line, text: text.slice(start).trimEnd(), matcher: { type, pattern }, owners });
  });
  return { rules, errors };
}
