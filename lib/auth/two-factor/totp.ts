import QRCode from 'qrcode';
import { generateSecret, generateURI, verify } from 'otplib';
import { db, type Tx } from '@/lib/db';
import { clock } from '@/lib/clock';
import { AppError } from '@/lib/errors';

const ISSUER = 'Tracker';
/** A code of the step before or after now is still taken (clocks drift), never one already used. */
const TOLERANCE_SECONDS = 30;

/**
 * Starts (or restarts) enrolment: a new secret waits unconfirmed until a first code proves the app holds it.
 * Returns the secret, its otpauth:// URI and that URI as an SVG QR code.
 */
export async function startTotpEnrolment(user: { id: string; email: string }) {
  const existing = await db.totpFactor.findUnique({ where: { userId: user.id }, select: { confirmedAt: true } });
  if (existing?.confirmedAt) throw new AppError('CONFLICT', 'An authenticator app is already set up: remove it first');
  const secret = generateSecret();
  await db.totpFactor.upsert({
    where: { userId: user.id },
    create: { userId: user.id, secret },
    update: { secret, confirmedAt: null, lastTimeStep: null, createdAt: clock.now() },
  });
  const uri = generateURI({ issuer: ISSUER, label: user.email, secret });
  const qrSvg = await QRCode.toString(uri, { type: 'svg', margin: 1, errorCorrectionLevel: 'M' });
  return { secret, uri, qrSvg };
}

/**
 * Checks a six-digit code against the secret and, in the same conditional write, records its time step: a code
 * whose step is not after the last one accepted (a replay, or an older code) is refused.
 */
export async function acceptTotpCode({
  userId,
  code,
  confirmed,
  tx = db,
}: {
  userId: string;
  code: string;
  /** false: the code confirming enrolment (and turning the app on); true: a sign-in's code. */
  confirmed: boolean;
  tx?: Tx;
}): Promise<boolean> {
  const factor = await tx.totpFactor.findUnique({ where: { userId } });
  if (!factor || Boolean(factor.confirmedAt) !== confirmed) return false;
  const token = code.replace(/\s/g, '');
  if (!/^\d{6}$/.test(token)) return false;
  const last = factor.lastTimeStep === null ? undefined : Number(factor.lastTimeStep);
  const result = await verify({
    secret: factor.secret,
    token,
    epoch: Math.floor(clock.nowMs() / 1000),
    epochTolerance: TOLERANCE_SECONDS,
    afterTimeStep: last,
  }).catch(() => ({ valid: false as const }));
  if (!result.valid || !('timeStep' in result)) return false;
  const step = BigInt(result.timeStep);
  const taken = await tx.totpFactor.updateMany({
    where: { userId, OR: [{ lastTimeStep: null }, { lastTimeStep: { lt: step } }] },
    data: { lastTimeStep: step, ...(confirmed ? {} : { confirmedAt: clock.now() }) },
  });
  return taken.count === 1;
}
