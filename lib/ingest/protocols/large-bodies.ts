// Sentry envelopes may carry attachments (#33), so their body may be up to MAX_ENVELOPE_BYTES where every other
// ingest body stops at MAX_BODY_BYTES (1 MiB). Only LARGE_BODY_SLOTS requests at a time may hold a body past 1 MiB
// (read or decoded), so a flood of large uploads costs at most slots × 10 MiB of memory; a large envelope that finds
// no slot free is answered 429 with Retry-After and sent again by the SDK.
import { MAX_BODY_BYTES } from '@/lib/envelope/decode-body';

export const MAX_ENVELOPE_BYTES = 10 * 1024 * 1024;
export const LARGE_BODY_SLOTS = 4;

let inUse = 0;

/** A slot for one large body, or null when all are taken. Call the returned function once when done with it. */
export function takeLargeBodySlot(): (() => void) | null {
  if (inUse >= LARGE_BODY_SLOTS) return null;
  inUse++;
  let released = false;
  return () => {
    if (released) return;
    released = true;
    inUse--;
  };
}

/**
 * The read cap of a request to an ingest endpoint: 1 MiB, or the envelope cap with a slot when a Sentry envelope
 * declares a larger Content-Length. `busy` when it needs a slot and none is free.
 */
export function bodyCapFor(
  endpoint: string,
  contentLength: string | null | undefined,
): { cap: number; release: () => void } | 'busy' {
  const declared = Number(contentLength);
  if (
    endpoint !== 'envelope' ||
    !Number.isFinite(declared) ||
    declared <= MAX_BODY_BYTES ||
    declared > MAX_ENVELOPE_BYTES
  ) {
    return { cap: MAX_BODY_BYTES, release: () => {} };
  }
  const release = takeLargeBodySlot();
  return release ? { cap: MAX_ENVELOPE_BYTES, release } : 'busy';
}

export const LARGE_BODY_BUSY_MESSAGE = 'Too many large uploads at once: try again in a second';
