import { pool } from '@/lib/pg';
import { LIMIT_SQL, PLAN_LIMITS_JSON, usageMonth } from '@/lib/quota/monthly-quota';

export type StoredTransactionInput = {
  orgId: string;
  projectId: string;
  name: string;
  duration: number;
  status: string;
  vitals: { lcp?: number; cls?: number; fcp?: number; ttfb?: number };
  timestamp: Date;
  receivedAt: Date;
};

// Transactions are refused once the month's error quota is used up but do not count toward `used`.
const STORE_TRANSACTION_SQL = `
WITH quota AS (
  INSERT INTO monthly_usage AS u (org_id, month, transactions) VALUES ($1, $2, 1)
  ON CONFLICT (org_id, month) DO UPDATE SET transactions = u.transactions + 1
   WHERE u.used < ${LIMIT_SQL('$1', '$3')}
  RETURNING 1
)
INSERT INTO transactions (project_id, name, duration, status, lcp, cls, fcp, ttfb, timestamp, received_at)
SELECT $4, $5, $6, $7, $8, $9, $10, $11, $12::timestamptz, $13::timestamptz FROM quota
RETURNING id`;

/** Stores one transaction unless the month's quota is exhausted; false when refused. */
export async function storeTransaction(t: StoredTransactionInput): Promise<boolean> {
  const { rowCount } = await pool().query({
    name: 'ingest-store-transaction',
    text: STORE_TRANSACTION_SQL,
    values: [
      t.orgId,
      usageMonth(t.receivedAt),
      PLAN_LIMITS_JSON,
      t.projectId,
      t.name,
      t.duration,
      t.status,
      t.vitals.lcp ?? null,
      t.vitals.cls ?? null,
      t.vitals.fcp ?? null,
      t.vitals.ttfb ?? null,
      t.timestamp.toISOString(),
      t.receivedAt.toISOString(),
    ],
  });
  return (rowCount ?? 0) > 0;
}
