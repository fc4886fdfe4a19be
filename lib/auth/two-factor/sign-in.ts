// Where every sign-in ends (#48): password, passcode, GitHub, Google and OpenID Connect hand the person here once
// the first factor passed. Without a second factor a session starts; with one, a pending sign-in waits for it.
import type { AuthenticationResponseJSON } from '@simplewebauthn/types';
import { db } from '@/lib/db';
import { AppError } from '@/lib/errors';
import { createSession, type SignInClient } from '../session';
import { enforceThrottle, forgiveThrottle, perAddress, type ThrottleRule } from '../throttle';
import { recordAccountAudit } from '@/lib/audit/record-audit';
import { hasSecondFactor, secondFactorMethods, type TwoFactorMethod } from './factors';
import {
  countPendingAttempt,
  endPendingSignIn,
  pendingExpired,
  requirePendingSignIn,
  startPendingSignIn,
  type FirstFactor,
} from './pending-sign-in';
import { consumeRecoveryCode } from './recovery-codes';
import { acceptTotpCode } from './totp';
import { authenticationOptions, verifyAssertion } from './webauthn';

export const INVALID_CODE = 'Invalid two-factor code';
export const INVALID_KEY = 'This security key or passkey was not accepted';
export const TOO_MANY_TRIES = 'Too many two-factor attempts, try again later';

export type SignInOutcome =
  { kind: 'session'; cookie: string } | { kind: 'second-factor'; cookie: string; methods: TwoFactorMethod[] };

type Person = { id: string; email: string };

/**
 * The first factor passed: a session, or a pending sign-in when the person has a second factor. `providerMfa`: the
 * identity provider says it did multi-factor authentication itself (OpenID Connect `amr`), which is trusted.
 */
export async function completeFirstFactor(
  user: Person,
  { method, client, providerMfa = false }: { method: FirstFactor; client: SignInClient; providerMfa?: boolean },
): Promise<SignInOutcome> {
  if (!providerMfa && (await hasSecondFactor(user.id))) {
    const { cookie } = await startPendingSignIn(user.id, method);
    return { kind: 'second-factor', cookie, methods: await secondFactorMethods(user.id) };
  }
  return startSession(user, client, { method, ...(providerMfa ? { secondFactor: 'provider' } : {}) });
}

async function startSession(
  user: Person,
  client: SignInClient,
  changes: Record<string, string>,
): Promise<SignInOutcome> {
  const { cookie } = await createSession(user.id, client);
  await db.$transaction((tx) => recordAccountAudit(tx, user.id, { action: 'auth.sign_in', changes }));
  return { kind: 'session', cookie };
}

/** A wrong password for a known person (an unknown email is recorded nowhere: it belongs to no organization). */
export async function recordSignInFailure(user: Person, method: FirstFactor): Promise<void> {
  await db.$transaction((tx) =>
    recordAccountAudit(tx, user.id, { action: 'auth.sign_in_failed', changes: { method } }),
  );
}

// Per person (whichever pending sign-in) and per address: guessing codes across many fresh sign-ins still stops.
export function secondFactorRules(userId: string, address: string): ThrottleRule[] {
  return [
    { key: `2fa:u:${userId}`, limit: 10, windowMs: 15 * 60_000 },
    { key: `2fa:a:${address}`, limit: perAddress(200), windowMs: 15 * 60_000 },
  ];
}

export type SecondFactorInput =
  | { method: 'totp'; code: string }
  | { method: 'recovery'; code: string }
  | { method: 'webauthn'; response: AuthenticationResponseJSON };

/** Options for the browser's navigator.credentials.get; the challenge is kept on the pending sign-in. */
export async function startWebAuthnSignIn(token: string | undefined) {
  const pending = await requirePendingSignIn(token);
  const options = await authenticationOptions(pending.userId);
  await db.pendingSignIn.update({ where: { id: pending.id }, data: { challenge: options.challenge } });
  return options;
}

/** Checks the second factor of the pending sign-in named by the cookie's token and, when right, starts the session. */
export async function completeSecondFactor(
  token: string | undefined,
  input: SecondFactorInput,
  client: SignInClient & { address: string },
): Promise<SignInOutcome & { kind: 'session' }> {
  const pending = await requirePendingSignIn(token);
  const user = pending.user;
  const rules = secondFactorRules(user.id, client.address);
  await enforceThrottle(rules, TOO_MANY_TRIES);
  if (!(await countPendingAttempt(pending.id))) throw pendingExpired();
  let ok = false;
  if (input.method === 'totp') ok = await acceptTotpCode({ userId: user.id, code: input.code, confirmed: true });
  else if (input.method === 'recovery')
    ok = await db.$transaction(async (tx) => {
      const used = await consumeRecoveryCode(user.id, input.code, tx);
      if (used) {
        const remaining = await tx.recoveryCode.count({ where: { userId: user.id, usedAt: null } });
        await recordAccountAudit(tx, user.id, { action: 'two_factor.recovery_code_used', changes: { remaining } });
      }
      return used;
    });
  else ok = pending.challenge !== null && (await verifyAssertion(user.id, pending.challenge, input.response));
  if (!ok) {
    await db.$transaction((tx) =>
      recordAccountAudit(tx, user.id, {
        action: 'auth.second_factor_failed',
        changes: { method: pending.method, secondFactor: input.method },
      }),
    );
    throw new AppError('UNAUTHORIZED', input.method === 'webauthn' ? INVALID_KEY : INVALID_CODE);
  }
  await forgiveThrottle(rules);
  if (!(await endPendingSignIn(pending.id))) throw pendingExpired();
  const outcome = await startSession(user, client, { method: pending.method, secondFactor: input.method });
  return outcome as SignInOutcome & { kind: 'session' };
}
