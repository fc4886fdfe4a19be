import { clock } from '@/lib/clock';

// Failed logins per email and per client address, in a fixed window. Per instance (see README).
const WINDOW_MS = 15 * 60 * 1000;
export const MAX_FAILURES_PER_EMAIL = 5;
export const MAX_FAILURES_PER_IP = 50;

type Bucket = { count: number; resetAt: number };
const failures = new Map<string, Bucket>();

function bucket(key: string): Bucket {
  const now = clock.nowMs();
  let b = failures.get(key);
  if (!b || b.resetAt <= now) {
    b = { count: 0, resetAt: now + WINDOW_MS };
    failures.set(key, b);
  }
  return b;
}

export function loginBlocked(email: string, ip: string): boolean {
  return bucket(`e:${email}`).count >= MAX_FAILURES_PER_EMAIL || bucket(`i:${ip}`).count >= MAX_FAILURES_PER_IP;
}

export function recordLoginFailure(email: string, ip: string): void {
  bucket(`e:${email}`).count++;
  bucket(`i:${ip}`).count++;
  if (failures.size > 100_000) {
    const now = clock.nowMs();
    for (const [k, b] of failures) if (b.resetAt <= now) failures.delete(k);
  }
}

export function clearLoginFailures(email: string): void {
  failures.delete(`e:${email}`);
}

/** Test hook. */
export function resetLoginThrottle(): void {
  failures.clear();
}

export function clientIp(req: Request): string {
  return req.headers.get('x-forwarded-for')?.split(',')[0]?.trim() || req.headers.get('x-real-ip') || 'local';
}
