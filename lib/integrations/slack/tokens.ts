// Signed, expiring tokens of the Slack flows (#64): the OAuth `state` of an install and the link a Slack user opens
// to link their account. HMAC-SHA256 under a key derived from INTEGRATIONS_ENCRYPTION_KEY and the token's purpose,
// so one purpose's token is never another's.
import crypto from 'node:crypto';
import { AppError } from '@/lib/errors';
import { assertKeyConfigured } from '../secret-box';
import { safeEqual } from '../signatures';

type Purpose = 'slack-install' | 'slack-link';

const keyOf = (purpose: Purpose) =>
  crypto.createHmac('sha256', assertKeyConfigured().key).update(`tokens:${purpose}`).digest();

const mac = (purpose: Purpose, body: string) =>
  crypto.createHmac('sha256', keyOf(purpose)).update(body).digest('base64url');

export function signToken(purpose: Purpose, data: Record<string, string>, ttlMs: number): string {
  const body = Buffer.from(JSON.stringify({ ...data, exp: Date.now() + ttlMs })).toString('base64url');
  return `${body}.${mac(purpose, body)}`;
}

/** The token's data; a token altered, of another purpose or expired is a 400 saying so. */
export function readToken(purpose: Purpose, token: string, what: string): Record<string, string> {
  const [body, sig] = token.split('.');
  if (!body || !sig || token.length > 2000 || !safeEqual(sig, mac(purpose, body)))
    throw new AppError('BAD_REQUEST', `This ${what} is not valid`);
  const data = JSON.parse(Buffer.from(body, 'base64url').toString('utf8')) as Record<string, string> & { exp: number };
  if (typeof data.exp !== 'number' || data.exp < Date.now())
    throw new AppError('BAD_REQUEST', `This ${what} has expired`);
  return data;
}
