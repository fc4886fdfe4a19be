// Checks the providers' webhook signatures and tokens share (#64): a comparison that takes the same time whatever
// the bytes, and HMAC-SHA256 over the exact body received.
import crypto from 'node:crypto';
import type { WebhookCheck } from './provider';

/** Equal strings, compared in constant time (a length mismatch is unequal at once: lengths are not secret). */
export function safeEqual(a: string, b: string): boolean {
  const x = Buffer.from(a, 'utf8');
  const y = Buffer.from(b, 'utf8');
  return x.length === y.length && crypto.timingSafeEqual(x, y);
}

export function hmacSha256Hex(secret: string, body: Buffer | string): string {
  return crypto.createHmac('sha256', secret).update(body).digest('hex');
}

export const missing = (what: string): WebhookCheck => ({ ok: false, status: 401, message: `Missing ${what}` });
export const wrong = (what: string): WebhookCheck => ({ ok: false, status: 401, message: `Invalid ${what}` });

/** `sha256=<hex>` (GitHub's X-Hub-Signature-256, Jira's X-Hub-Signature) against the body and secret. */
export function checkSha256Header(header: string | null, secret: string, body: Buffer): WebhookCheck {
  if (!header) return missing('signature');
  const expected = `sha256=${hmacSha256Hex(secret, body)}`;
  return safeEqual(header.trim().toLowerCase(), expected) ? { ok: true } : wrong('signature');
}

/** A body's JSON object; a body that is not one throws (the route answers 400). */
export function jsonObject(body: Buffer): Record<string, unknown> {
  const v: unknown = JSON.parse(body.toString('utf8'));
  if (typeof v !== 'object' || v === null || Array.isArray(v)) throw new SyntaxError('The body is not a JSON object');
  return v as Record<string, unknown>;
}

export const isRecord = (v: unknown): v is Record<string, unknown> =>
  typeof v === 'object' && v !== null && !Array.isArray(v);
