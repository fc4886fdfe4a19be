// Adding and removing second factors from the account security page (#48). Each change is audited in its own
// transaction (one entry per organization the person is in) and emailed to the person.
import type { RegistrationResponseJSON } from '@simplewebauthn/types';
import type { Prisma } from '@/lib/generated/prisma/client';
import { db } from '@/lib/db';
import { AppError, notFound } from '@/lib/errors';
import { recordAccountAudit } from '@/lib/audit/record-audit';
import { hasSecondFactor } from './factors';
import { emailFactorChange } from './notify';
import { replaceRecoveryCodes } from './recovery-codes';
import { acceptTotpCode } from './totp';
import { verifyRegistration } from './webauthn';
import { twoFactorRequiredBy } from './org-requirement';
import { revokeOtherSessions } from '../revoke-sessions';

type Person = { id: string; email: string; name: string };

/** Recovery codes come with the first factor: returned once, or null when the person already had codes. */
async function firstCodes(tx: Prisma.TransactionClient, user: Person): Promise<string[] | null> {
  if ((await tx.recoveryCode.count({ where: { userId: user.id } })) > 0) return null;
  const codes = await replaceRecoveryCodes(tx, user.id);
  await recordAccountAudit(tx, user.id, {
    action: 'two_factor.recovery_codes_generated',
    changes: { count: codes.length },
  });
  return codes;
}

/** Confirms the authenticator app enrolment with its first code. */
export async function confirmTotp(user: Person, code: string) {
  const recoveryCodes = await db.$transaction(async (tx) => {
    if (!(await acceptTotpCode({ userId: user.id, code, confirmed: false, tx })))
      throw new AppError('BAD_REQUEST', 'That code does not match: enter the current code from your app');
    await recordAccountAudit(tx, user.id, { action: 'two_factor.totp_added' });
    return firstCodes(tx, user);
  });
  await emailFactorChange(user, 'added', 'An authenticator app');
  return { recoveryCodes };
}

export async function addWebAuthnKey(user: Person, response: RegistrationResponseJSON, name: string) {
  const result = await db.$transaction(async (tx) => {
    const key = await verifyRegistration(tx, { userId: user.id, response, name });
    if (!key) return null;
    await recordAccountAudit(tx, user.id, { action: 'two_factor.webauthn_added', changes: { name: key.name } });
    return { key, recoveryCodes: await firstCodes(tx, user) };
  });
  // Outside the transaction: the used challenge must stay deleted even when the answer is refused.
  if (!result) throw new AppError('BAD_REQUEST', 'The security key registration could not be verified: try again');
  await emailFactorChange(user, 'added', `The security key "${name}"`);
  return {
    key: { id: result.key.id, name: result.key.name, createdAt: result.key.createdAt.toISOString(), lastUsedAt: null },
    recoveryCodes: result.recoveryCodes,
  };
}

export async function regenerateRecoveryCodes(user: Person) {
  if (!(await hasSecondFactor(user.id)))
    throw new AppError('BAD_REQUEST', 'Set up an authenticator app or a security key first');
  return db.$transaction(async (tx) => {
    const codes = await replaceRecoveryCodes(tx, user.id);
    await recordAccountAudit(tx, user.id, {
      action: 'two_factor.recovery_codes_generated',
      changes: { count: codes.length },
    });
    return { recoveryCodes: codes };
  });
}

/**
 * Removes the authenticator app or one key. The last factor cannot go while an organization of the person requires
 * two-factor sign-in; with it go the recovery codes. Other sessions are signed out.
 */
export async function removeFactor(user: Person, sessionId: string, factor: { totp: true } | { keyId: string }) {
  const label = await db.$transaction(async (tx) => {
    let label: string;
    if ('totp' in factor) {
      const gone = await tx.totpFactor.deleteMany({ where: { userId: user.id, confirmedAt: { not: null } } });
      if (!gone.count) throw notFound('Authenticator app');
      label = 'An authenticator app';
    } else {
      const key = await tx.webAuthnCredential.findFirst({ where: { id: factor.keyId, userId: user.id } });
      if (!key) throw notFound('Security key');
      await tx.webAuthnCredential.delete({ where: { id: key.id } });
      label = `The security key "${key.name}"`;
    }
    if (!(await hasSecondFactor(user.id, tx))) {
      const requiring = await twoFactorRequiredBy(user.id, tx);
      if (requiring)
        throw new AppError(
          'FORBIDDEN',
          `${requiring} requires two-factor sign-in: add another factor before removing your last one`,
        );
      await tx.recoveryCode.deleteMany({ where: { userId: user.id } });
    }
    await recordAccountAudit(tx, user.id, {
      action: 'two_factor.factor_removed',
      changes: {
        factor: 'totp' in factor ? 'totp' : 'webauthn',
      },
    });
    // Whoever else was signed in (perhaps with the factor now gone) is signed out.
    await revokeOtherSessions(user.id, sessionId, { tx, reason: 'factor_removed' });
    return label;
  });
  await emailFactorChange(user, 'removed', label);
}
