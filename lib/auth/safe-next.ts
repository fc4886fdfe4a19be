/** Query parameter that carries the page a sign-in should return to. */
export const NEXT_PARAM = 'next';

/**
 * The `next` value when it is a same-origin path, else null: it must start with one `/`, and may not
 * start `//` or `/\` (browsers read both as another host), nor hold control characters or backslashes
 * that URL parsers normalise into such a prefix. Absolute URLs and `javascript:` never start with `/`.
 */
export function safeNext(value: string | string[] | null | undefined): string | null {
  if (typeof value !== 'string' || value.length === 0 || value.length > 2000) return null;
  if (!value.startsWith('/') || value.startsWith('//')) return null;
  // Backslashes and control or whitespace characters are where parsers disagree; no page of ours needs them.
  if (/[\\\u0000-\u0020\u007f]/.test(value)) return null;
  // The sign-in pages themselves would loop.
  const path = value.split(/[?#]/, 1)[0];
  if (['/login', '/signup', '/verify', '/forgot-password', '/reset-password'].includes(path)) return null;
  return value;
}

/** Query values added to a path that may already hold some (the same name replaced). */
export function withQuery(path: string, query: Record<string, string>): string {
  const [base, search = ''] = path.split('?', 2);
  const params = new URLSearchParams(search);
  for (const [k, v] of Object.entries(query)) params.set(k, v);
  const s = params.toString();
  return s ? `${base}?${s}` : base;
}

/** `path` with `?next=<safe next>` appended, or `path` unchanged when there is nothing safe to carry. */
export function withNext(path: string, next: string | null | undefined): string {
  const safe = safeNext(next);
  if (!safe || safe === '/') return path;
  return `${path}${path.includes('?') ? '&' : '?'}${NEXT_PARAM}=${encodeURIComponent(safe)}`;
}

/** Set by the sign-in page before it sends the browser to GitHub/Google; read once when the sign-in completes. */
export const NEXT_COOKIE = 'login_next';

/** Where a sign-in goes once its first factor passed: the second factor's page, or the page it started from. */
export function afterSignIn(next: string | null | undefined, secondFactor: boolean): string {
  return secondFactor ? withNext('/login/two-factor', next) : (safeNext(next) ?? '/');
}
