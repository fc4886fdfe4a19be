import { db, type Tx } from '@/lib/db';

/** Whether the person has a confirmed second factor (an authenticator app or a security key / passkey). */
export async function hasSecondFactor(userId: string, tx: Tx = db): Promise<boolean> {
  const [totp, keys] = await Promise.all([
    tx.totpFactor.count({ where: { userId, confirmedAt: { not: null } } }),
    tx.webAuthnCredential.count({ where: { userId } }),
  ]);
  return totp + keys > 0;
}

export type TwoFactorMethod = 'totp' | 'webauthn' | 'recovery';

/** The ways a pending sign-in of this person can be completed. */
export async function secondFactorMethods(userId: string): Promise<TwoFactorMethod[]> {
  const [totp, keys, codes] = await Promise.all([
    db.totpFactor.count({ where: { userId, confirmedAt: { not: null } } }),
    db.webAuthnCredential.count({ where: { userId } }),
    db.recoveryCode.count({ where: { userId, usedAt: null } }),
  ]);
  const methods: TwoFactorMethod[] = [];
  if (totp) methods.push('totp');
  if (keys) methods.push('webauthn');
  if (codes) methods.push('recovery');
  return methods;
}

/** The account security page's view: what is enrolled, never a secret. */
export async function describeTwoFactor(userId: string) {
  const [totp, keys, codes] = await Promise.all([
    db.totpFactor.findUnique({ where: { userId }, select: { confirmedAt: true } }),
    db.webAuthnCredential.findMany({
      where: { userId },
      orderBy: { createdAt: 'asc' },
      select: { id: true, name: true, createdAt: true, lastUsedAt: true },
    }),
    db.recoveryCode.findMany({ where: { userId }, select: { usedAt: true } }),
  ]);
  const totpOn = Boolean(totp?.confirmedAt);
  return {
    enabled: totpOn || keys.length > 0,
    totp: { enabled: totpOn, addedAt: totp?.confirmedAt?.toISOString() ?? null },
    webauthn: keys.map((k) => ({
      id: k.id,
      name: k.name,
      createdAt: k.createdAt.toISOString(),
      lastUsedAt: k.lastUsedAt?.toISOString() ?? null,
    })),
    recoveryCodes: { total: codes.length, remaining: codes.filter((c) => c.usedAt === null).length },
  };
}
