import crypto from 'node:crypto';
import type { Tx } from '@/lib/db';
import { db } from '@/lib/db';
import { clock } from '@/lib/clock';
import { env } from '@/lib/env';
import { safeEqual } from './tokens';

export const PASSCODE_TTL_MS = 10 * 60 * 1000;
export const PASSCODE_MAX_ATTEMPTS = 5;
const ALPHABET = 'ABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789';

export function generatePasscode(): string {
  let code = '';
  for (let i = 0; i < 6; i++) code += ALPHABET[crypto.randomInt(ALPHABET.length)];
  return code;
}

function hashPasscode(userId: string, code: string): string {
  return crypto.createHmac('sha256', env.sessionSecret).update(`${userId}:${code.toUpperCase()}`).digest('hex');
}

/** Issues a fresh passcode for the user, replacing any earlier one; returns the clear code to email. */
export async function issuePasscode(userId: string, tx: Tx = db): Promise<string> {
  const code = generatePasscode();
  const data = { codeHash: hashPasscode(userId, code), expiresAt: new Date(clock.nowMs() + PASSCODE_TTL_MS), attempts: 0 };
  await tx.passcode.upsert({ where: { userId }, create: { userId, ...data }, update: { ...data, createdAt: clock.now() } });
  return code;
}

/** Checks a passcode; a wrong try counts toward the limit, after which the code is burned. */
export async function consumePasscode(userId: string, code: string): Promise<boolean> {
  const row = await db.passcode.findUnique({ where: { userId } });
  if (!row || row.expiresAt <= clock.now() || row.attempts >= PASSCODE_MAX_ATTEMPTS) return false;
  if (safeEqual(row.codeHash, hashPasscode(userId, code.trim()))) {
    await db.passcode.delete({ where: { userId } });
    return true;
  }
  await db.passcode.update({ where: { userId }, data: { attempts: { increment: 1 } } });
  return false;
}
