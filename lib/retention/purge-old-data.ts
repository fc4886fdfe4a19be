import { pool } from '@/lib/pg';
import { clock } from '@/lib/clock';
import { logger } from '@/lib/log';
import type { Plan } from '@/lib/generated/prisma/enums';

const DAY_MS = 24 * 60 * 60 * 1000;

export function retentionDays(plan: Plan): number {
  const raw = plan === 'PRO' ? process.env.RETENTION_DAYS_PRO : process.env.RETENTION_DAYS_FREE;
  const n = Number(raw);
  return Number.isInteger(n) && n > 0 ? n : plan === 'PRO' ? 90 : 30;
}

export type PurgeResult = Record<Plan, { events: number; transactions: number; cutoff: string }>;

// Table names are constants, never input.
const TABLES = { events: 'events', transactions: 'transactions' } as const;

async function purgeTable(table: keyof typeof TABLES, plan: Plan, cutoff: Date, batchSize: number, orgIds: string[] | null): Promise<number> {
  let total = 0;
  // Small batches keep each transaction short so ingest never waits on a long delete.
  for (;;) {
    const { rowCount } = await pool().query(
      `DELETE FROM ${TABLES[table]} WHERE id IN (
         SELECT t.id FROM ${TABLES[table]} t
         JOIN projects p ON p.id = t.project_id
         JOIN organizations o ON o.id = p.org_id
         WHERE o.plan = $1::plan AND t.received_at < $2 AND ($4::text[] IS NULL OR o.id = ANY($4))
         LIMIT $3)`,
      [plan, cutoff, batchSize, orgIds],
    );
    total += rowCount ?? 0;
    if (!rowCount || rowCount < batchSize) return total;
  }
}

/**
 * Deletes events and transactions older than their organization's plan retention (FREE 30 days, PRO 90,
 * RETENTION_DAYS_FREE / RETENTION_DAYS_PRO), in batches. Issues and their counts stay.
 * `orgIds` limits the purge to some organizations (all when omitted).
 */
export async function purgeOldData(opts: { batchSize?: number; orgIds?: string[] } = {}): Promise<PurgeResult> {
  const batchSize = opts.batchSize ?? 5000;
  const orgIds = opts.orgIds ?? null;
  const now = clock.nowMs();
  const result = {} as PurgeResult;
  for (const plan of ['FREE', 'PRO'] as const) {
    const cutoff = new Date(now - retentionDays(plan) * DAY_MS);
    const events = await purgeTable('events', plan, cutoff, batchSize, orgIds);
    const transactions = await purgeTable('transactions', plan, cutoff, batchSize, orgIds);
    result[plan] = { events, transactions, cutoff: cutoff.toISOString() };
  }
  logger.info({ retention: result }, 'retention: removed old events and transactions');
  return result;
}
