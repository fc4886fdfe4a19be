import type { FieldIssue } from '@/lib/errors';

export const CONTROL_CHARACTER_MESSAGE = 'Must not contain control characters';

// NUL (which PostgreSQL text cannot hold) and every other C0 control character or DEL, except tab, line feed
// and carriage return, which multi-line text (comments) legitimately holds.
const CONTROL = /[\u0000-\u0008\u000B\u000C\u000E-\u001F\u007F]/;

/** The text with each control character replaced by U+FFFD: storable (jsonb holds no NUL) and still visible. */
export function withoutControlCharacters(s: string): string {
  return s.replace(new RegExp(CONTROL.source, 'g'), '\uFFFD');
}

export function hasControlCharacters(s: string): boolean {
  return CONTROL.test(s);
}

/**
 * Where a parsed input holds a control character: one issue per string, object key included, with its path. The
 * route wrapper runs this over every parsed body, query and path, so no free-text field reaches the database with one.
 */
export function controlCharacterIssues(
  value: unknown,
  path: (string | number)[] = [],
  out: FieldIssue[] = [],
): FieldIssue[] {
  if (typeof value === 'string') {
    if (hasControlCharacters(value)) out.push({ path: [...path], message: CONTROL_CHARACTER_MESSAGE });
  } else if (Array.isArray(value)) {
    value.forEach((v, i) => controlCharacterIssues(v, [...path, i], out));
  } else if (typeof value === 'object' && value !== null && !(value instanceof Date)) {
    for (const [k, v] of Object.entries(value)) {
      if (hasControlCharacters(k)) out.push({ path: [...path, k], message: CONTROL_CHARACTER_MESSAGE });
      else controlCharacterIssues(v, [...path, k], out);
    }
  }
  return out;
}

/**
 * For a public route outside the route wrapper (ingest adapters, the HTTP check-in): the control characters in its
 * path segments and query, named as the wrapper names them (`params.<name>`, `query.<name>`).
 */
export function requestControlCharacterIssues(
  params: Record<string, unknown>,
  searchParams: URLSearchParams,
): FieldIssue[] {
  return [
    ...controlCharacterIssues(params, ['params']),
    ...controlCharacterIssues(Object.fromEntries(searchParams), ['query']),
  ];
}
