import crypto from 'node:crypto';
import pino from 'pino';

const g = globalThis as unknown as { trackerLogger?: pino.Logger };

/** Structured JSON logs on stdout. Never log bodies, headers, cookies or keys. */
export const logger: pino.Logger = (g.trackerLogger ??= pino({
  level: process.env.LOG_LEVEL ?? (process.env.NODE_ENV === 'test' ? 'silent' : 'info'),
  base: { service: 'tracker' },
  timestamp: pino.stdTimeFunctions.isoTime,
  redact: {
    paths: ['password', '*.password', 'cookie', '*.cookie', 'authorization', '*.authorization', 'token', '*.token'],
    censor: '[redacted]',
  },
}));

/** The caller's X-Request-Id when it looks sane, else a fresh one. */
export function requestIdFrom(headers: { get(name: string): string | null }): string {
  const given = headers.get('x-request-id');
  return given && /^[\w.-]{1,128}$/.test(given) ? given : crypto.randomUUID();
}
