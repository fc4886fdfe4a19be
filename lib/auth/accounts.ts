import { createElement } from 'react';
import { db } from '@/lib/db';
import { clock } from '@/lib/clock';
import { AppError, prismaErrorCode } from '@/lib/errors';
import { sendEmail } from '@/lib/email/send-email';
import { addOwner, createOrganization } from '@/lib/orgs/create-organization';
import OtpEmail from '@/emails/otp-email';
import type { RegisterInput } from '@/lib/zod/auth';
import { hashPassword, verifyPassword } from './password';
import { consumePasscode, issuePasscode, PASSCODE_TTL_MS } from './passcode';
import type { SignInClient } from './session';
import { completeFirstFactor, recordSignInFailure } from './two-factor/sign-in';
import { assertSsoNotRequired } from './instance-rules';
import { enforceThrottle, forgiveThrottle, throttleRules } from './throttle';

export const INVALID_PASSCODE = 'Invalid or expired passcode';

async function emailPasscode(to: string, name: string, otp: string) {
  await sendEmail({
    to,
    subject: 'Your Tracker passcode',
    template: 'otp',
    data: { otp, name },
    element: createElement(OtpEmail, { name, otp }),
  });
}

/**
 * An unverified account lives as long as its first passcode. After that it is gone (a sign-up for the
 * address starts afresh), so whoever registered someone else's email cannot keep it, nor its password.
 */
export const PENDING_ACCOUNT_TTL_MS = PASSCODE_TTL_MS;

function pendingExpired(user: { emailVerified: Date | null; createdAt: Date }): boolean {
  return user.emailVerified === null && user.createdAt.getTime() <= clock.nowMs() - PENDING_ACCOUNT_TTL_MS;
}

/**
 * Deletes the unverified account of `email` once its life is over (or at once with `evenIfLive`, when the caller
 * holds proof of the inbox, such as an invite link sent there), with the organization it created (still empty).
 */
export async function dropPendingAccount(email: string, opts: { evenIfLive?: boolean } = {}): Promise<void> {
  const user = await db.user.findUnique({
    where: { email },
    select: { id: true, emailVerified: true, createdAt: true, orgId: true },
  });
  if (!user || user.emailVerified || (!opts.evenIfLive && !pendingExpired(user))) return;
  await db.$transaction(async (tx) => {
    const gone = await tx.user.deleteMany({ where: { id: user.id, emailVerified: null } });
    if (gone.count && user.orgId) {
      await tx.organization.deleteMany({
        where: { id: user.orgId, users: { none: {} }, memberships: { none: {} }, projects: { none: {} } },
      });
    }
  });
}

/** Creates an unverified user with their own FREE organization and emails a passcode. */
export async function registerUser(input: RegisterInput, address: string) {
  await enforceThrottle(throttleRules.register(input.email, address));
  await dropPendingAccount(input.email);
  const passwordHash = await hashPassword(input.password);
  // Two sign-ups with the same name can race for one organization slug; that unique violation is
  // retried, and only a taken email is reported as one.
  for (let attempt = 1; ; attempt++) {
    if (await db.user.findUnique({ where: { email: input.email }, select: { id: true } })) {
      throw new AppError('CONFLICT', 'Email already registered');
    }
    try {
      const { user, otp } = await db.$transaction(async (tx) => {
        const org = await createOrganization(tx, input.name);
        // createdAt from the app clock: the pending account's life is measured from it.
        const user = await tx.user.create({
          data: { name: input.name, email: input.email, passwordHash, orgId: org.id, createdAt: clock.now() },
        });
        await addOwner(tx, org.id, user.id);
        return { user, otp: await issuePasscode(user.id, tx) };
      });
      await emailPasscode(user.email, user.name, otp);
      return user;
    } catch (err) {
      if (prismaErrorCode(err) !== 'P2002' || attempt >= 5) throw err;
    }
  }
}

export async function verifyEmail(email: string, otp: string, client: SignInClient & { address: string }) {
  const rules = throttleRules.verifyPasscode(client.address);
  await enforceThrottle(rules);
  const user = await db.user.findUnique({ where: { email } });
  if (!user || user.emailVerified || pendingExpired(user)) throw new AppError('BAD_REQUEST', INVALID_PASSCODE);
  if (!(await consumePasscode(user.id, otp))) throw new AppError('BAD_REQUEST', INVALID_PASSCODE);
  // A right code is no guess: it gives its hit back, so only wrong tries count toward the address's limit.
  await forgiveThrottle(rules);
  const verified = await db.user.update({ where: { id: user.id }, data: { emailVerified: clock.now() } });
  await assertSsoNotRequired(user.id);
  // The passcode proves the inbox the account was made for: the person is signed in (after a second factor, if any).
  const outcome = await completeFirstFactor(user, { method: 'passcode', client });
  return {
    user: verified,
    cookie: outcome.cookie,
    secondFactor: outcome.kind === 'second-factor' ? outcome.methods : null,
  };
}

/**
 * Sends a fresh passcode. Unknown emails (and unverified accounts whose life is over) get the same answer and
 * nothing is sent (no enumeration). Throttled per email and per address before the lookup.
 */
export async function resendPasscode(email: string, address: string): Promise<void> {
  await enforceThrottle(throttleRules.sendPasscode(email, address));
  const user = await db.user.findUnique({ where: { email } });
  if (!user || pendingExpired(user)) return;
  if (user.emailVerified) throw new AppError('BAD_REQUEST', 'Email already verified');
  await emailPasscode(user.email, user.name, await issuePasscode(user.id));
}

/**
 * Every attempt is counted (per email and address, per email, per address) before the password is checked,
 * so a parallel burst gets at most the limit of checks; a right password takes its attempt back.
 */
export async function loginWithPassword(email: string, password: string, client: SignInClient & { address: string }) {
  const rules = throttleRules.login(email, client.address);
  await enforceThrottle(rules, 'Too many failed login attempts, try again later');
  const user = await db.user.findUnique({ where: { email }, omit: { passwordHash: false } });
  const ok = user?.passwordHash ? await verifyPassword(user.passwordHash, password) : false;
  if (user && !ok) await recordSignInFailure(user, 'password');
  if (!user || !ok) throw new AppError('UNAUTHORIZED', 'Invalid email or password');
  await forgiveThrottle(rules, [rules[0].key]);
  if (!user.emailVerified)
    throw new AppError('FORBIDDEN', 'Email not verified', undefined, undefined, 'email_not_verified');
  await assertSsoNotRequired(user.id);
  const { passwordHash: _omit, ...safe } = user;
  // With a second factor, the cookie holds a pending sign-in that the code or key completes (#48).
  const outcome = await completeFirstFactor(user, { method: 'password', client });
  return {
    user: safe,
    cookie: outcome.cookie,
    secondFactor: outcome.kind === 'second-factor' ? outcome.methods : null,
  };
}
