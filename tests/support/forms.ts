import { expect } from 'vitest';
import type { ApiResponse, TestClient } from './client';

export const FORM_TYPE = 'application/x-www-form-urlencoded';

/** Posts fields as a browser posts a form without the page's script (#58). */
export function postForm(client: TestClient, path: string, fields: Record<string, string>): Promise<ApiResponse> {
  return postFormWith(client, { path, fields });
}

/** The same, with headers of the browser's own (Origin, Sec-Fetch-Site). */
export function postFormWith(
  client: TestClient,
  { path, fields, headers = {} }: { path: string; fields: Record<string, string>; headers?: Record<string, string> },
): Promise<ApiResponse> {
  return client.post(path, new URLSearchParams(fields).toString(), {
    headers: { 'content-type': FORM_TYPE, ...headers },
  });
}

/** A 303 to `location` with an empty body and the headers every form answer carries. */
export function expectSeeOther(res: ApiResponse, location: string): void {
  expect({ status: res.status, location: res.headers.get('location'), body: res.text }).toEqual({
    status: 303,
    location,
    body: '',
  });
  expect(res.headers.get('cache-control')).toBe('no-store');
  expect(res.headers.get('referrer-policy')).toBe('same-origin');
}

/** The Set-Cookie values of a response, by cookie name. */
export function cookiesOf(res: ApiResponse): Record<string, string> {
  return Object.fromEntries(res.headers.getSetCookie().map((c) => [c.slice(0, c.indexOf('=')), c]));
}

/** No secret typed into a form comes back in the answer's address or body. */
export function expectNoSecret(res: ApiResponse, ...secrets: string[]): void {
  const seen = `${res.headers.get('location') ?? ''}\n${decodeURIComponent(res.headers.get('location') ?? '')}\n${res.text}`;
  for (const s of secrets) expect(seen).not.toContain(s);
}
