import crypto from 'node:crypto';
import type { Tx } from '@/lib/db';
import { db } from '@/lib/db';
import { pool } from '@/lib/pg';
// Raw SQL: an attempt is counted and checked in one conditional UPDATE, atomic under concurrent guesses.
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
  const data = {
    codeHash: hashPasscode(userId, code),
    expiresAt: new Date(clock.nowMs() + PASSCODE_TTL_MS),
    attempts: 0,
  };
  await tx.passcode.upsert({
    where: { userId },
    create: { userId, ...data },
    update: { ...data, createdAt: clock.now() },
  });
  return code;
}

/**
 * Checks a passcode. The try is counted in the same statement that reads the code, so a burst of parallel
 * guesses gets at most PASSCODE_MAX_ATTEMPTS compares; then the code is burned. A right code is used once.
 */
export async function consumePasscode(userId: string, code: string): Promise<boolean> {
  const { rows } = await pool().query<{ code_hash: string }>(
    `UPDATE passcodes SET attempts = attempts + 1
     WHERE user_id = $1 AND attempts < $2 AND expires_at > $3
     RETURNING code_hash`,
    [userId, PASSCODE_MAX_ATTEMPTS, clock.now()],
  );
  if (!rows.length || !safeEqual(rows[0].code_hash, hashPasscode(userId, code.trim()))) return false;
  const used = await pool().query('DELETE FROM passcodes WHERE user_id = $1 AND code_hash = $2', [
    userId,
    rows[0].code_hash,
  ]);
  return used.rowCount === 1;
}
