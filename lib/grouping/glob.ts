// The globs of Sentry's grouping rules (#63), as Relay's `is_glob_match` reads them (the Rust globset crate):
// `?` one character, `*` any run of characters, `[a-z]`/`[!a-z]` a class, `{a,b}` either, `\x` the character x.
// With `doubleStar` (paths and packages) `*` and `?` stay within one path segment and `**` crosses them: `**/x`
// matches x at any depth, `x/**` everything under x, `a/**/b` zero or more folders between. Matches are whole-value.

export type GlobOptions = { doubleStar?: boolean; ignoreCase?: boolean };

const REGEX_SPECIAL = /[.*+?^${}()|[\]\\/-]/g;
const escapeRe = (c: string) => c.replace(REGEX_SPECIAL, '\\$&');

/** Why a pattern cannot be read, and where (0-based). */
export class GlobError extends Error {
  constructor(
    message: string,
    readonly offset: number,
  ) {
    super(message);
  }
}

class GlobParser {
  private i = 0;
  constructor(
    private readonly p: string,
    private readonly doubleStar: boolean,
  ) {}

  /** The whole pattern as a regular expression body. */
  parse(): string {
    const body = this.sequence(false);
    if (this.i < this.p.length) throw new GlobError('Unexpected "}" in the pattern: escape it as \\}', this.i);
    return body;
  }

  private atBoundary(before: number, after: number): { start: boolean; end: boolean } {
    return { start: before < 0 || this.p[before] === '/', end: after >= this.p.length || this.p[after] === '/' };
  }

  private sequence(inBraces: boolean): string {
    let re = '';
    while (this.i < this.p.length) {
      const c = this.p[this.i];
      if (inBraces && (c === ',' || c === '}')) return re;
      if (!inBraces && c === '}') return re;
      if (c === '\\') {
        if (this.i + 1 >= this.p.length) throw new GlobError('A pattern cannot end with a lone \\', this.i);
        re += escapeRe(this.p[this.i + 1]);
        this.i += 2;
      } else if (c === '*') re += this.star();
      else if (c === '?') {
        re += this.doubleStar ? '[^/]' : '.';
        this.i++;
      } else if (c === '[') re += this.charClass();
      else if (c === '{') re += this.alternation();
      else {
        re += escapeRe(c);
        this.i++;
      }
    }
    return re;
  }

  private star(): string {
    const start = this.i;
    if (this.p[start + 1] !== '*') {
      this.i++;
      return this.doubleStar ? '[^/]*' : '.*';
    }
    this.i += 2;
    // A run of more stars than two reads as `**` (Relay matches `*****.py` like `**.py`).
    while (this.p[this.i] === '*') this.i++;
    const { start: atStart, end: atEnd } = this.atBoundary(start - 1, this.i);
    if (!this.doubleStar) return '.*';
    if (atStart && atEnd) {
      if (start === 0 && this.i >= this.p.length) return '.*';
      if (start === 0) {
        this.i++; // the slash after `**`
        return '(?:.*/)?';
      }
      if (this.i >= this.p.length) return '.*';
      this.i++;
      return '(?:.*/)?';
    }
    // Not a whole segment: two single-segment stars, as globset reads it.
    return '[^/]*';
  }

  private charClass(): string {
    const open = this.i;
    let j = this.i + 1;
    let negate = false;
    if (this.p[j] === '!' || this.p[j] === '^') {
      negate = true;
      j++;
    }
    let body = '';
    // A `]` right after the opening bracket is a member, not the end.
    if (this.p[j] === ']') {
      body += '\\]';
      j++;
    }
    while (j < this.p.length && this.p[j] !== ']') {
      const c = this.p[j];
      if (c === '-' && body !== '' && this.p[j + 1] !== ']' && j + 1 < this.p.length) {
        const from = this.p[j - 1];
        const to = this.p[j + 1];
        if (to < from) throw new GlobError(`Invalid range "${from}-${to}" in the pattern`, j - 1);
        body += '-';
      } else body += c === '\\' || c === '[' || c === '^' || c === '-' ? `\\${c}` : c;
      j++;
    }
    if (j >= this.p.length)
      throw new GlobError('Unclosed "[" in the pattern: close it with ] or escape it as \\[', open);
    this.i = j + 1;
    return `[${negate ? '^' : ''}${body}]`;
  }

  private alternation(): string {
    const open = this.i;
    this.i++;
    const options: string[] = [];
    for (;;) {
      options.push(this.sequence(true));
      if (this.i >= this.p.length)
        throw new GlobError('Unclosed "{" in the pattern: close it with } or escape it as \\{', open);
      if (this.p[this.i++] === '}') break;
    }
    return `(?:${options.join('|')})`;
  }
}

/** The pattern as an anchored regular expression (dot matches newlines, as Sentry's `allow_newline`). */
export function compileGlob(pattern: string, opts: GlobOptions = {}): RegExp {
  const body = new GlobParser(pattern, opts.doubleStar ?? false).parse();
  return new RegExp(`^${body}$`, opts.ignoreCase ? 'si' : 's');
}
