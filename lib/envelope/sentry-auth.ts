const KEY_IN_AUTH_HEADER = /(?:^|[\s,])sentry_key\s*=\s*([^\s,]+)/;

/** The public key from `X-Sentry-Auth: Sentry sentry_key=<key>, sentry_version=7, …` or `?sentry_key=<key>`. */
export function sentryKeyFrom(authHeader: string | undefined, queryKey: string | null): string | null {
  const m = authHeader ? KEY_IN_AUTH_HEADER.exec(authHeader) : null;
  if (m) return m[1];
  return queryKey && queryKey.length > 0 ? queryKey : null;
}

/** The public key of a DSN (`<scheme>://<publicKey>@<host>/<number>`), as SDKs put it in the envelope header. */
export function keyFromDsn(dsn: unknown): string | null {
  if (typeof dsn !== 'string') return null;
  try {
    const user = new URL(dsn).username;
    return user.length > 0 ? decodeURIComponent(user) : null;
  } catch {
    return null;
  }
}
