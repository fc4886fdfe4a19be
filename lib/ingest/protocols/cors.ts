// The one CORS answer of the ingest endpoints: any origin may send (browser SDKs run on every site), and browser
// SDKs read the rate-limit headers of a cross-origin answer to back off.
export const CORS = {
  'access-control-allow-origin': '*',
  'access-control-expose-headers': 'X-Sentry-Rate-Limits, Retry-After',
} as const;

/** A preflight's answer for an endpoint taking `allowHeaders` (each its own auth header) by `methods`. */
export function preflight(allowHeaders: string, methods = 'POST, OPTIONS') {
  return {
    ...CORS,
    'access-control-allow-methods': methods,
    'access-control-allow-headers': allowHeaders,
    'access-control-max-age': '86400',
  } as const;
}
