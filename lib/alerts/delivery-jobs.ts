import type { EmailContent } from './payloads';

/** One delivery attempt; a failed attempt that may be retried enqueues the next one with attempt + 1. */
export type WebhookJob = { ruleId: string; url: string; body: string; triggeredAt: string; attempt: number };
export type EmailJob = { ruleId: string; to: string; email: EmailContent; triggeredAt: string; attempt: number };

const DEFAULT_RETRY_DELAYS_MS = [2_000, 10_000, 30_000];

/** Delays before each retry; ALERT_RETRY_DELAYS_MS="50,100,150" shortens them (tests). */
export function retryDelaysMs(): number[] {
  const raw = process.env.ALERT_RETRY_DELAYS_MS;
  if (!raw) return DEFAULT_RETRY_DELAYS_MS;
  const delays = raw.split(',').map((s) => Number(s.trim()));
  return delays.every((d) => Number.isFinite(d) && d >= 0) ? delays : DEFAULT_RETRY_DELAYS_MS;
}
