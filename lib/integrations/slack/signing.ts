// Slack's request signing (#64, https://api.slack.com/authentication/verifying-requests-from-slack): X-Slack-Signature
// is `v0=` + the hex HMAC-SHA256 of `v0:<X-Slack-Request-Timestamp>:<raw body>` under the app's signing secret
// (SLACK_SIGNING_SECRET); a timestamp more than five minutes from our clock is refused, as Slack advises.
import { AppError } from '@/lib/errors';
import type { WebhookCheck } from '../provider';
import { hmacSha256Hex, missing, safeEqual, wrong } from '../signatures';

export const SLACK_MAX_AGE_S = 5 * 60;

export function slackSigningSecret(): string {
  const secret = process.env.SLACK_SIGNING_SECRET?.trim();
  if (!secret) throw new AppError('SERVICE_UNAVAILABLE', 'Slack is not configured: set SLACK_SIGNING_SECRET');
  return secret;
}

export function slackSignature(secret: string, timestamp: string, body: Buffer | string): string {
  return `v0=${hmacSha256Hex(secret, Buffer.concat([Buffer.from(`v0:${timestamp}:`), Buffer.from(body)]))}`;
}

export function verifySlackRequest(
  req: { headers: Headers; body: Buffer; nowMs: number },
  secret: string,
): WebhookCheck {
  const { headers, body, nowMs } = req;
  const timestamp = headers.get('x-slack-request-timestamp');
  const signature = headers.get('x-slack-signature');
  if (!timestamp) return missing('X-Slack-Request-Timestamp');
  if (!signature) return missing('X-Slack-Signature');
  if (!/^\d{1,12}$/.test(timestamp) || Math.abs(nowMs / 1000 - Number(timestamp)) > SLACK_MAX_AGE_S)
    return { ok: false, status: 401, message: 'Request timestamp outside the five-minute window' };
  return safeEqual(signature.trim(), slackSignature(secret, timestamp, body))
    ? { ok: true }
    : wrong('X-Slack-Signature');
}
