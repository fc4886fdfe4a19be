import { onCLS, onFCP, onLCP, onTTFB } from 'web-vitals';
import { Client } from './client';
import type { Breadcrumb, CaptureContext, InitOptions, Level, User } from './types';
import { isError } from './util';

export type {
  Breadcrumb,
  CaptureContext,
  ErrorEvent,
  InitOptions,
  Level,
  StackFrame,
  TransactionEvent,
  User,
  Vitals,
} from './types';
export { parseDsn } from './dsn';
export type { Dsn } from './dsn';
export { parseStack } from './stack';
export { parseBrowser, parseOs } from './ua';

const client = new Client({ onLCP, onCLS, onFCP, onTTFB });

/** The shared client instance (advanced use and tests). */
export function getClient(): Client {
  return client;
}

/**
 * Starts the tracker. An invalid DSN logs one console.warn and leaves the tracker disabled.
 * Calling init again replaces the previous configuration. Never throws.
 */
export function init(options: InitOptions): void {
  try {
    client.init(options);
  } catch {
    /* never throw into the host page */
  }
}

/** Reports an error (or any thrown value). Returns the event id, or undefined when not sent. */
export function captureException(error: unknown, context?: CaptureContext): string | undefined {
  try {
    return client.captureException(error, context, isError(error) ? undefined : new Error().stack);
  } catch {
    return undefined;
  }
}

/** Reports a message (exception type 'Message'); level defaults to 'info'. */
export function captureMessage(message: string, level?: Level): string | undefined {
  try {
    return client.captureMessage(message, level, new Error().stack);
  } catch {
    return undefined;
  }
}

/** Sets (or with null clears) the user attached to every following event. */
export function setUser(user: User | null): void {
  try {
    client.setUser(user);
  } catch {
    /* ignore */
  }
}

/** Sets a tag on every following event; the value is coerced to a string. */
export function setTag(key: string, value: unknown): void {
  try {
    client.setTag(key, value);
  } catch {
    /* ignore */
  }
}

/** Adds a custom breadcrumb. */
export function addBreadcrumb(crumb: Omit<Breadcrumb, 'timestamp'> & { timestamp?: number }): void {
  try {
    client.addBreadcrumb(crumb);
  } catch {
    /* ignore */
  }
}

/** Stops the tracker, restores patched globals and clears user and tags. */
export function close(): void {
  try {
    client.close();
  } catch {
    /* ignore */
  }
}
