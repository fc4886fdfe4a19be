import crypto from 'node:crypto';
import { db, type Tx } from '@/lib/db';
import { clock } from '@/lib/clock';
import { sha256 } from '../tokens';

export const RECOVERY_CODE_COUNT = 10;
// No 0/o, 1/l/i: a code copied from paper reads back the same.
const ALPHABET = 'abcdefghjkmnpqrstuvwxyz23456789';

/** `abcde-23456`: ten random characters (about 49 bits), enough that its SHA-256 alone can be stored. */
export function newRecoveryCode(): string {
  let code = '';
  for (let i = 0; i < 10; i++) code += ALPHABET[crypto.randomInt(ALPHABET.length)];
  return `${code.slice(0, 5)}-${code.slice(5)}`;
}

function hashCode(code: string): string {
  return sha256(code.toLowerCase().replace(/[\s-]/g, ''));
}

/** Replaces the person's codes with ten new ones and returns them in clear: the only time they are shown. */
export async function replaceRecoveryCodes(tx: Tx, userId: string): Promise<string[]> {
  const codes = Array.from({ length: RECOVERY_CODE_COUNT }, newRecoveryCode);
  await tx.recoveryCode.deleteMany({ where: { userId } });
  await tx.recoveryCode.createMany({ data: codes.map((c) => ({ userId, codeHash: hashCode(c) })) });
  return codes;
}

/** Marks the code used in the statement that checks it, so two requests with one code cannot both pass. */
export async function consumeRecoveryCode(userId: string, code: string, tx: Tx = db): Promise<boolean> {
  const used = await tx.recoveryCode.updateMany({
    where: { userId, codeHash: hashCode(code), usedAt: null },
    data: { usedAt: clock.now() },
  });
  return used.count === 1;
}
