import { pool, withPgTransaction } from '@/lib/pg';
import { clock } from '@/lib/clock';
import { logger } from '@/lib/log';
import { PENDING_ACCOUNT_TTL_MS } from '@/lib/auth/accounts';

/**
 * Removes what has outlived its use: unverified sign-ups past their passcode's life (with the empty organization
 * each created), used-up or expired reset links, and throttle counters whose window has ended.
 * `orgIds` limits the sign-ups removed to those organizations (all when omitted).
 */
export async function purgeExpiredAccounts(
  opts: { orgIds?: string[] } = {},
): Promise<{ pendingAccounts: number; resetLinks: number; throttleCounters: number }> {
  const now = clock.now();
  const rows = await withPgTransaction(async (client) => {
    const { rows } = await client.query<{ org_id: string | null }>(
      `DELETE FROM users u WHERE u.email_verified IS NULL AND u.created_at <= $1
         AND NOT EXISTS (SELECT 1 FROM accounts a WHERE a.user_id = u.id)
         AND ($2::text[] IS NULL OR u.org_id = ANY($2))
       RETURNING u.org_id`,
      [new Date(now.getTime() - PENDING_ACCOUNT_TTL_MS), opts.orgIds ?? null],
    );
    const orgIds = rows.map((r) => r.org_id).filter((id): id is string => id !== null);
    if (orgIds.length) {
      await client.query(
        `DELETE FROM organizations o WHERE o.id = ANY($1::text[])
           AND NOT EXISTS (SELECT 1 FROM users u WHERE u.org_id = o.id)
           AND NOT EXISTS (SELECT 1 FROM memberships m WHERE m.org_id = o.id)
           AND NOT EXISTS (SELECT 1 FROM projects p WHERE p.org_id = o.id)`,
        [orgIds],
      );
    }
    return rows;
  });
  // The database's own time: a counter or link is only dropped once it has really ended.
  const resets = await pool().query('DELETE FROM password_resets WHERE expires_at <= now()');
  const throttles = await pool().query('DELETE FROM throttle_counters WHERE window_ends_at <= now()');
  const result = {
    pendingAccounts: rows.length,
    resetLinks: resets.rowCount ?? 0,
    throttleCounters: throttles.rowCount ?? 0,
  };
  logger.info({ retention: result }, 'retention: removed expired sign-ups, reset links and throttle counters');
  return result;
}
