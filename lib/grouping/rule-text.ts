// Reading one line of a grouping rules text (#63): the cursor both rule languages parse with, and their errors, each
// with its 1-based line and column so the settings page can point at it.

export type RuleError = { line: number; column: number; message: string };

/** A problem on the line being read, at a 0-based offset of it. */
export class LineError extends Error {
  constructor(
    message: string,
    readonly offset: number,
  ) {
    super(message);
  }
}

/** The text's lines, for \n, \r\n and \r endings alike. */
export const ruleLines = (raw: string) => raw.split(/\r\n|\r|\n/);

const SPACE = /[ \t]/;

export class LineCursor {
  i = 0;
  constructor(readonly text: string) {}

  get done(): boolean {
    return this.i >= this.text.length;
  }

  peek(ahead = 0): string {
    return this.text[this.i + ahead] ?? '';
  }

  startsWith(s: string): boolean {
    return this.text.startsWith(s, this.i);
  }

  skipSpace(): void {
    while (this.i < this.text.length && SPACE.test(this.text[this.i])) this.i++;
  }

  fail(message: string, at = this.i): never {
    throw new LineError(message, at);
  }

  /** A run of characters up to the next space (or one the caller stops at). */
  word(stop?: (c: string) => boolean): string {
    const start = this.i;
    while (this.i < this.text.length && !SPACE.test(this.text[this.i]) && !stop?.(this.text[this.i])) this.i++;
    return this.text.slice(start, this.i);
  }

  /**
   * A "quoted" value: `\"` and `\\` stand for themselves, any other backslash stays (a glob's escape, `\*`), as
   * Sentry's rules read them.
   */
  quoted(): string {
    const open = this.i;
    this.i++;
    let out = '';
    while (this.i < this.text.length && this.text[this.i] !== '"') {
      const c = this.text[this.i];
      if (c === '\\' && this.i + 1 < this.text.length) {
        const next = this.text[this.i + 1];
        out += next === '"' || next === '\\' ? next : c + next;
        this.i += 2;
      } else {
        out += c;
        this.i++;
      }
    }
    if (this.i >= this.text.length) this.fail('Unterminated quoted value: add the closing "', open);
    this.i++;
    return out;
  }
}

/** Runs `parseLine` on each line that is not empty or a `#` comment, collecting every line's error. */
export function parseLines<T>(
  raw: string,
  parseLine: (cursor: LineCursor, line: number) => T,
): { rules: T[]; errors: RuleError[] } {
  const rules: T[] = [];
  const errors: RuleError[] = [];
  ruleLines(raw).forEach((text, index) => {
    const cursor = new LineCursor(text);
    cursor.skipSpace();
    if (cursor.done || cursor.peek() === '#') return;
    try {
      rules.push(parseLine(cursor, index + 1));
    } catch (err) {
      if (!(err instanceof LineError)) throw err;
      errors.push({ line: index + 1, column: err.offset + 1, message: err.message });
    }
  });
  return { rules, errors };
}
