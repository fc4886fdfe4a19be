import { gzipSync } from 'node:zlib';
import type { TestClient } from '../support/client';

export const ingestPath = (projectId: string) => `/api/v1/ingest/${projectId}/envelope`;

export function errorEnvelope<T extends Record<string, unknown>>(overrides: T = {} as T) {
  const base = {
    exception: {
      type: 'TypeError',
      value: "Cannot read properties of undefined (reading 'id')",
      stacktrace: {
        frames: [
          {
            filename: 'https://app.example.com/static/js/main.3f9a1c2b.js',
            lineno: 10,
            colno: 15,
            function: 'handleClick',
          },
          { filename: 'https://app.example.com/static/js/vendor.js', lineno: 200 },
        ],
      },
    },
    level: 'error',
    timestamp: 1_700_000_000_000,
  };
  return { ...base, ...overrides };
}

/**
 * An error of its own issue (its type names it, `<type>: <value>` its title) from a minute ago, for tests that need
 * several issues; `extra` adds envelope fields (release, event_id, contexts…).
 */
export function issueEnvelope(type: string, extra: Record<string, unknown> = {}, value = 'x') {
  return errorEnvelope({
    timestamp: Date.now() - 60_000,
    exception: { type, value, stacktrace: { frames: [{ filename: 'a.js', lineno: 1, function: type }] } },
    ...extra,
  });
}

export function transactionEnvelope(overrides: Record<string, unknown> = {}) {
  return { type: 'transaction', name: '/checkout', duration: 123.4, timestamp: 1_700_000_000_000, ...overrides };
}

/** POSTs an envelope with the key in X-Ingest-Auth (or as given) through the real route handler. */
export function send({
  client,
  projectId,
  key,
  body,
  opts = {},
}: {
  client: TestClient;
  projectId: string;
  key: string | null;
  body: unknown;
  opts?: { headers?: Record<string, string>; query?: Record<string, string>; gzip?: boolean };
}) {
  const headers: Record<string, string> = { ...(key ? { 'x-ingest-auth': `ingest_key=${key}` } : {}), ...opts.headers };
  let payload: unknown = body;
  if (opts.gzip) {
    payload = new Uint8Array(gzipSync(typeof body === 'string' ? body : JSON.stringify(body)));
    headers['content-encoding'] = 'gzip';
  }
  return client.post(ingestPath(projectId), payload, { headers, query: opts.query });
}

/** A deep copy of `obj` with the value at `path` set (or removed when `value` is `DELETE`). */
export const DELETE = Symbol('delete');
export function mutate<T>(obj: T, path: (string | number)[], value: unknown): T {
  const copy = structuredClone(obj) as any;
  let cur = copy;
  for (const seg of path.slice(0, -1)) cur = cur[seg];
  const last = path[path.length - 1];
  if (value === DELETE) delete cur[last];
  else cur[last] = value;
  return copy;
}
