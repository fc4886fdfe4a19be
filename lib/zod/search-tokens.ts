// The tokens of the search languages (#61): whitespace-separated terms, each optionally negated with `!`, a bare word,
// a "quoted phrase", or `key:value` (the value perhaps quoted). The issue search (search-query.ts) and Explore's
// filter (explore-filter.ts) give the tokens their meaning. Pure.

/** A refusal at a character of the query (0-based), with the reason in words. */
export class QueryError extends Error {
  constructor(
    readonly position: number,
    readonly reason: string,
  ) {
    super(reason);
  }
}

export type Token = {
  start: number;
  negated: boolean;
  key: string | null;
  keyEnd: number;
  value: string;
  valueStart: number;
  quoted: boolean;
};

/** The terms of `s`; a malformed one throws QueryError at its position. */
export function tokenize(s: string): Token[] {
  const tokens: Token[] = [];
  let i = 0;
  const isSpace = (c: string | undefined) => c === ' ' || c === '\t' || c === '\n' || c === '\r';
  while (i < s.length) {
    if (isSpace(s[i])) {
      i++;
      continue;
    }
    const start = i;
    let negated = false;
    if (s[i] === '!') {
      negated = true;
      i++;
      if (i >= s.length || isSpace(s[i])) throw new QueryError(start, 'Nothing to negate after "!"');
    }
    let key: string | null = null;
    let keyEnd = i;
    if (s[i] !== '"') {
      // A key is the run of non-space characters before the first ":" of a bare word.
      let j = i;
      while (j < s.length && !isSpace(s[j]) && s[j] !== ':' && s[j] !== '"') j++;
      if (s[j] === ':' && j > i) {
        key = s.slice(i, j);
        keyEnd = j;
        i = j + 1;
      }
    }
    const valueStart = i;
    let value = '';
    let quoted = false;
    if (s[i] === '"') {
      quoted = true;
      i++;
      let closed = false;
      while (i < s.length) {
        if (s[i] === '\\' && (s[i + 1] === '"' || s[i + 1] === '\\')) {
          value += s[i + 1];
          i += 2;
        } else if (s[i] === '"') {
          closed = true;
          i++;
          break;
        } else value += s[i++];
      }
      if (!closed) throw new QueryError(valueStart, 'Unclosed quote');
      if (i < s.length && !isSpace(s[i])) throw new QueryError(i, 'Put a space after a closing quote');
    } else {
      while (i < s.length && !isSpace(s[i])) {
        if (s[i] === '"') throw new QueryError(i, 'A quote may only start a value');
        value += s[i++];
      }
    }
    if (key !== null && value === '' && !quoted) throw new QueryError(valueStart, `Missing value after "${key}:"`);
    if (key === null && value === '') throw new QueryError(valueStart, 'Empty quoted text');
    tokens.push({ start, negated, key, keyEnd, value, valueStart, quoted });
  }
  return tokens;
}

/** A query's terms as `toFilter` reads each, within the length and term limits; a refusal with its position. */
export function parseTerms<T>(
  input: string,
  limits: { maxLength: number; maxTerms: number },
  toFilter: (t: Token) => T,
): { ok: true; filters: T[] } | { ok: false; position: number; reason: string } {
  try {
    if (input.length > limits.maxLength)
      throw new QueryError(limits.maxLength, `The query is longer than ${limits.maxLength} characters`);
    const tokens = tokenize(input);
    if (tokens.length > limits.maxTerms)
      throw new QueryError(tokens[limits.maxTerms].start, `At most ${limits.maxTerms} terms in one query`);
    return { ok: true, filters: tokens.map(toFilter) };
  } catch (err) {
    if (err instanceof QueryError) return { ok: false, position: err.position, reason: err.reason };
    throw err;
  }
}
