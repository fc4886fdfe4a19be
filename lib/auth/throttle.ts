import { pool } from '@/lib/pg';
// Raw SQL: every rule's counter is upserted in one statement (unnest), on every unauthenticated request.
import { clock } from '@/lib/clock';
import { AppError } from '@/lib/errors';

// Fixed-window counters in PostgreSQL, so every instance enforces the same limits. A hit is counted before
// the guarded work runs (the password check, the passcode compare, the email send), in one statement, so a
// burst of parallel requests cannot get more than `limit` of them through.
export type ThrottleRule = { key: string; limit: number; windowMs: number };

const MINUTE = 60_000;

/**
 * Per-address limits scale with AUTH_THROTTLE_MULTIPLIER (above 1: many people behind one office NAT; below 1:
 * stricter). They are generous on purpose: the per-email limits stop attacks on one account, these stop one
 * address from spraying many, and successful logins and passcode checks give their hit back.
 */
export function perAddress(limit: number): number {
  const m = Number(process.env.AUTH_THROTTLE_MULTIPLIER);
  return Number.isFinite(m) && m > 0 ? Math.max(1, Math.floor(limit * m)) : limit;
}

export const THROTTLE_LIMITS = {
  loginPerEmailAndAddress: 5,
  loginPerEmail: 50,
  loginPerAddress: 100,
  passcodePerAddress: 200,
  sendPasscodePerEmail: 3,
  sendPasscodePerAddress: 200,
  registerPerEmail: 3,
  registerPerAddress: 200,
  resetPerEmail: 3,
  resetPerAddress: 100,
  inviteLinkPerAddress: 60,
  inviteEmailsPerRecipient: 5,
  inviteEmailsPerOrganization: 50,
  oauthRegisterPerAddress: 30,
  oauthTokenPerAddress: 300,
} as const;

export const throttleRules = {
  // The OAuth endpoints of the MCP server (#63) take anyone's requests: registration writes a row each time.
  oauthRegister: (address: string): ThrottleRule[] => [
    {
      key: `oauth-register:a:${address}`,
      limit: perAddress(THROTTLE_LIMITS.oauthRegisterPerAddress),
      windowMs: 60 * MINUTE,
    },
  ],
  oauthToken: (address: string): ThrottleRule[] => [
    { key: `oauth-token:a:${address}`, limit: perAddress(THROTTLE_LIMITS.oauthTokenPerAddress), windowMs: 15 * MINUTE },
  ],
  login: (email: string, address: string): ThrottleRule[] => [
    { key: `login:ea:${address}:${email}`, limit: THROTTLE_LIMITS.loginPerEmailAndAddress, windowMs: 15 * MINUTE },
    { key: `login:e:${email}`, limit: THROTTLE_LIMITS.loginPerEmail, windowMs: 15 * MINUTE },
    { key: `login:a:${address}`, limit: perAddress(THROTTLE_LIMITS.loginPerAddress), windowMs: 15 * MINUTE },
  ],
  verifyPasscode: (address: string): ThrottleRule[] => [
    { key: `otp:a:${address}`, limit: perAddress(THROTTLE_LIMITS.passcodePerAddress), windowMs: 15 * MINUTE },
  ],
  sendPasscode: (email: string, address: string): ThrottleRule[] => [
    { key: `send-otp:e:${email}`, limit: THROTTLE_LIMITS.sendPasscodePerEmail, windowMs: 10 * MINUTE },
    { key: `send-otp:a:${address}`, limit: perAddress(THROTTLE_LIMITS.sendPasscodePerAddress), windowMs: 60 * MINUTE },
  ],
  register: (email: string, address: string): ThrottleRule[] => [
    { key: `register:e:${email}`, limit: THROTTLE_LIMITS.registerPerEmail, windowMs: 60 * MINUTE },
    { key: `register:a:${address}`, limit: perAddress(THROTTLE_LIMITS.registerPerAddress), windowMs: 60 * MINUTE },
  ],
  passwordReset: (email: string, address: string): ThrottleRule[] => [
    { key: `reset:e:${email}`, limit: THROTTLE_LIMITS.resetPerEmail, windowMs: 60 * MINUTE },
    { key: `reset:a:${address}`, limit: perAddress(THROTTLE_LIMITS.resetPerAddress), windowMs: 60 * MINUTE },
  ],
  inviteLink: (address: string): ThrottleRule[] => [
    { key: `invite:a:${address}`, limit: perAddress(THROTTLE_LIMITS.inviteLinkPerAddress), windowMs: 15 * MINUTE },
  ],
  // Invites send email: to one address (whichever organization sends them) and from one organization.
  sendInvite: (email: string, orgId: string): ThrottleRule[] => [
    // Per (organization, invitee): one organization's invites cannot block another's to the same person.
    {
      key: `invite-send:e:${orgId}:${email.toLowerCase()}`,
      limit: THROTTLE_LIMITS.inviteEmailsPerRecipient,
      windowMs: 60 * MINUTE,
    },
    { key: `invite-send:o:${orgId}`, limit: THROTTLE_LIMITS.inviteEmailsPerOrganization, windowMs: 60 * MINUTE },
  ],
  completeReset: (address: string): ThrottleRule[] => [
    {
      key: `reset-complete:a:${address}`,
      limit: perAddress(THROTTLE_LIMITS.passcodePerAddress),
      windowMs: 15 * MINUTE,
    },
  ],
};

export type ThrottleResult = { allowed: boolean; retryAfterSeconds: number };

/** Counts one hit on every rule's counter (a new window once the old one ended); allowed while every count is within its limit. */
export async function hitThrottle(rules: ThrottleRule[]): Promise<ThrottleResult> {
  // Sorted keys: two statements touching the same counters lock them in the same order.
  const sorted = [...rules].sort((a, b) => (a.key < b.key ? -1 : 1));
  const now = clock.now();
  const { rows } = await pool().query<{ key: string; count: number; window_ends_at: Date }>(
    `INSERT INTO throttle_counters (key, count, window_ends_at)
     SELECT k, 1, $3::timestamptz + w * interval '1 millisecond' FROM unnest($1::text[], $2::int[]) AS t(k, w)
     ON CONFLICT (key) DO UPDATE SET
       count = CASE WHEN throttle_counters.window_ends_at <= $3 THEN 1 ELSE throttle_counters.count + 1 END,
       window_ends_at = CASE WHEN throttle_counters.window_ends_at <= $3 THEN EXCLUDED.window_ends_at ELSE throttle_counters.window_ends_at END
     RETURNING key, count, window_ends_at`,
    [sorted.map((r) => r.key), sorted.map((r) => r.windowMs), now],
  );
  const limitOf = new Map(sorted.map((r) => [r.key, r.limit]));
  let retryAfterMs = 0;
  for (const row of rows) {
    if (row.count > limitOf.get(row.key)!)
      retryAfterMs = Math.max(retryAfterMs, row.window_ends_at.getTime() - now.getTime());
  }
  return { allowed: retryAfterMs === 0, retryAfterSeconds: Math.max(1, Math.ceil(retryAfterMs / 1000)) };
}

/** Hits the rules and throws 429 (with Retry-After) when any is over its limit. */
export async function enforceThrottle(
  rules: ThrottleRule[],
  message = 'Too many requests, try again later',
): Promise<void> {
  const { allowed, retryAfterSeconds } = await hitThrottle(rules);
  if (!allowed)
    throw new AppError('TOO_MANY_REQUESTS', message, undefined, { 'retry-after': String(retryAfterSeconds) });
}

/** Takes back the hits of an attempt that turned out right (a correct password), and drops the named counters. */
export async function forgiveThrottle(rules: ThrottleRule[], drop: string[] = []): Promise<void> {
  await pool().query(
    `WITH gone AS (DELETE FROM throttle_counters WHERE key = ANY($2::text[]))
     UPDATE throttle_counters SET count = greatest(count - 1, 0) WHERE key = ANY($1::text[]) AND NOT (key = ANY($2::text[]))`,
    [rules.map((r) => r.key), drop],
  );
}

/** Test hook: forget every counter whose key contains `fragment` (an email or an address). */
export async function resetThrottleFor(fragment: string): Promise<void> {
  await pool().query(`DELETE FROM throttle_counters WHERE strpos(key, $1) > 0`, [fragment]);
}
