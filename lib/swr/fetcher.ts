import type { Envelope } from '@/lib/http/envelope';
import type { FieldIssue } from '@/lib/errors';
import { describeFieldIssue } from '@/lib/text/field-names';

/** A failed API call: the HTTP status, the envelope's message and its field issues, if any. */
export class ApiError extends Error {
  constructor(
    readonly status: number,
    message: string,
    readonly issues: FieldIssue[] = [],
  ) {
    super(message);
    this.name = 'ApiError';
  }

  /** For a form-level message: the first validation issue with its field's human name ("Scopes: choose at least one"), else the message. */
  summary(): string {
    const first = this.issues[0];
    return first ? describeFieldIssue(String(first.path[0] ?? ''), first.message) : this.message;
  }

  /** The first message for each top-level field, e.g. `{ email: 'Invalid email address' }`. */
  fieldErrors(): Record<string, string> {
    const out: Record<string, string> = {};
    for (const issue of this.issues) {
      const field = String(issue.path[0] ?? '');
      if (field && !(field in out)) out[field] = issue.message;
    }
    return out;
  }
}

/**
 * The one client-side caller of the `/api/v1` routes (same origin, so the browser sends the session
 * cookie and the Origin check passes). Returns the envelope's `data`; throws ApiError on failure.
 */
export async function api<T>(path: string, init: { method?: string; body?: unknown } = {}): Promise<T> {
  const res = await fetch(path, {
    method: init.method ?? 'GET',
    headers: init.body === undefined ? undefined : { 'content-type': 'application/json' },
    body: init.body === undefined ? undefined : JSON.stringify(init.body),
    credentials: 'same-origin',
  });
  const body = (await res.json().catch(() => null)) as Envelope<T> | null;
  if (!res.ok) throw new ApiError(res.status, body?.message ?? 'Something went wrong, please try again', body?.error);
  return body?.data as T;
}

/** SWR fetcher: the key is the API path. */
export const fetcher = <T>(path: string) => api<T>(path);

/** What a failed request says to a person: the API's own message, or that the server could not be reached. */
export const errorMessage = (err: unknown): string =>
  err instanceof ApiError ? err.summary() : 'Could not reach the server. Check your connection and try again.';

/** The API's message for `field` when it named that field (shown under the input), else errorMessage. */
export const fieldMessage = (err: unknown, field: string): string =>
  (err instanceof ApiError && err.fieldErrors()[field]) || errorMessage(err);
