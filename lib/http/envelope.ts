import type { FieldIssue } from '@/lib/errors';

export type Envelope<T = unknown> = {
  statusCode: number;
  status: 'success' | 'failed';
  message: string;
  data?: T;
  error?: FieldIssue[];
};

/** Builds the spec's response envelope; nothing else builds it by hand. */
export function envelope<T>({
  statusCode,
  message,
  data,
  error,
}: {
  statusCode: number;
  message: string;
  data?: T;
  error?: FieldIssue[];
}): Envelope<T> {
  const body: Envelope<T> = { statusCode, status: statusCode < 400 ? 'success' : 'failed', message };
  if (data !== undefined) body.data = data;
  if (error !== undefined) body.error = error;
  return body;
}

export function jsonResponse(body: unknown, status: number, headers?: HeadersInit): Response {
  const h = new Headers(headers);
  h.set('content-type', 'application/json; charset=utf-8');
  h.set('cache-control', 'no-store');
  return new Response(JSON.stringify(body), { status, headers: h });
}

export function respond<T>({
  statusCode,
  message,
  data,
  error,
  headers,
}: {
  statusCode: number;
  message: string;
  data?: T;
  error?: FieldIssue[];
  headers?: HeadersInit;
}): Response {
  return jsonResponse(envelope({ statusCode, message, data, error }), statusCode, headers);
}
