import { createElement } from 'react';
import { db } from '@/lib/db';
import { clock } from '@/lib/clock';
import { AppError, prismaErrorCode } from '@/lib/errors';
import { sendEmail } from '@/lib/email/send-email';
import { addOwner, createOrganization } from '@/lib/orgs/create-organization';
import OtpEmail from '@/emails/otp-email';
import type { RegisterInput } from '@/lib/zod/auth';
import { hashPassword, verifyPassword } from './password';
import { consumePasscode, issuePasscode } from './passcode';
import { createSession } from './session';
import { clearLoginFailures, loginBlocked, recordLoginFailure } from './throttle';

export const INVALID_PASSCODE = 'Invalid or expired passcode';

async function emailPasscode(to: string, name: string, otp: string) {
  await sendEmail({ to, subject: "Your Tracker passcode", template: 'otp', data: { otp, name }, element: createElement(OtpEmail, { name, otp }) });
}

/** Creates an unverified user with their own FREE organization and emails a passcode. */
export async function registerUser(input: RegisterInput) {
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
        const user = await tx.user.create({ data: { name: input.name, email: input.email, passwordHash, orgId: org.id } });
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

export async function verifyEmail(email: string, otp: string) {
  const user = await db.user.findUnique({ where: { email } });
  if (!user || user.emailVerified) throw new AppError('BAD_REQUEST', INVALID_PASSCODE);
  if (!(await consumePasscode(user.id, otp))) throw new AppError('BAD_REQUEST', INVALID_PASSCODE);
  return db.user.update({ where: { id: user.id }, data: { emailVerified: clock.now() } });
}

/** Sends a fresh passcode. Unknown emails get the same answer and nothing is sent (no enumeration). */
export async function resendPasscode(email: string): Promise<void> {
  const user = await db.user.findUnique({ where: { email } });
  if (!user) return;
  if (user.emailVerified) throw new AppError('BAD_REQUEST', 'Email already verified');
  await emailPasscode(user.email, user.name, await issuePasscode(user.id));
}

export async function loginWithPassword(email: string, password: string, ip: string) {
  if (loginBlocked(email, ip)) throw new AppError('TOO_MANY_REQUESTS', 'Too many failed login attempts, try again later');
  const user = await db.user.findUnique({ where: { email }, omit: { passwordHash: false } });
  const ok = user?.passwordHash ? await verifyPassword(user.passwordHash, password) : false;
  if (!user || !ok) {
    recordLoginFailure(email, ip);
    throw new AppError('UNAUTHORIZED', 'Invalid email or password');
  }
  if (!user.emailVerified) throw new AppError('FORBIDDEN', 'Email not verified');
  clearLoginFailures(email);
  const { passwordHash: _omit, ...safe } = user;
  const { cookie } = await createSession(user.id);
  return { user: safe, cookie };
}
