// Daily partitions of `events`, `transactions`, `spans`, `logs` and `metric_points` by receipt time (UTC days), created ahead by the job queue
// and dropped whole by retention. Rows of a day without its partition land in the default partition and are
// moved into the day's partition when it is created.
import type { PoolClient } from 'pg';
import { pool, withPgTransaction } from '@/lib/pg';

export const PARTITIONED_TABLES = ['events', 'transactions', 'spans', 'logs', 'metric_points'] as const;
export type PartitionedTable = (typeof PARTITIONED_TABLES)[number];

/** Days created ahead of today, so a missed run or two never sends rows to the default partition. */
export const PARTITION_DAYS_AHEAD = 7;
const DAY_MS = 86_400_000;
const NAME = /^(events|transactions|spans|logs|metric_points)_p(\d{4})(\d{2})(\d{2})$/;

const dayStart = (ms: number) => Math.floor(ms / DAY_MS) * DAY_MS;
const ymd = (ms: number) => new Date(ms).toISOString().slice(0, 10).replaceAll('-', '');
export const partitionName = (table: PartitionedTable, dayMs: number) => `${table}_p${ymd(dayStart(dayMs))}`;

export type Partition = { table: PartitionedTable; name: string; from: Date; to: Date };

/** The daily partitions that exist, oldest first (the default partitions excluded). */
export async function listPartitions(): Promise<Partition[]> {
  const { rows } = await pool().query<{ name: string }>(
    `SELECT c.relname AS name FROM pg_inherits i
     JOIN pg_class c ON c.oid = i.inhrelid JOIN pg_class p ON p.oid = i.inhparent
     WHERE p.relname = ANY($1::text[]) AND p.relnamespace = current_schema()::regnamespace
     ORDER BY c.relname`,
    [PARTITIONED_TABLES],
  );
  return rows.flatMap(({ name }) => {
    const m = NAME.exec(name);
    if (!m) return [];
    const from = Date.UTC(Number(m[2]), Number(m[3]) - 1, Number(m[4]));
    return [{ table: m[1] as PartitionedTable, name, from: new Date(from), to: new Date(from + DAY_MS) }];
  });
}

/** Creates the missing daily partitions of every partitioned table for the UTC days from `from` to `to`, inclusive. */
export async function ensurePartitions(from: Date, to: Date): Promise<string[]> {
  const existing = new Set((await listPartitions()).map((p) => p.name));
  const created: string[] = [];
  for (let day = dayStart(from.getTime()); day <= dayStart(to.getTime()); day += DAY_MS) {
    for (const table of PARTITIONED_TABLES) {
      const name = partitionName(table, day);
      if (!existing.has(name) && (await createPartition(table, day))) created.push(name);
    }
  }
  return created;
}

/**
 * Today's partitions and the next PARTITION_DAYS_AHEAD days', and those of the days (at most `backDays` ago)
 * that still have rows in a default partition: after the migration, or a stretch with the job not running.
 */
export async function ensurePartitionsAhead(now: Date, backDays = 0): Promise<string[]> {
  let from = now.getTime();
  if (backDays > 0) {
    const { rows } = await pool().query<{ oldest: Date | null }>(
      `SELECT least(${PARTITIONED_TABLES.map((t) => `(SELECT min(received_at) FROM ${t}_default)`).join(', ')}) AS oldest`,
    );
    const oldest = rows[0].oldest?.getTime();
    if (oldest !== undefined) from = Math.min(from, Math.max(oldest, now.getTime() - backDays * DAY_MS));
  }
  return ensurePartitions(new Date(from), new Date(now.getTime() + PARTITION_DAYS_AHEAD * DAY_MS));
}

/**
 * Attaching or dropping a partition adds or removes its foreign-key triggers on issues and projects, which
 * needs a SHARE ROW EXCLUSIVE lock there. Ingest locks issues (its upsert) before events: taking that lock
 * first, before any lock on events, keeps the order the same and rules out a deadlock. Ingest waits for the
 * few milliseconds the partition change takes.
 */
async function lockReferencedTables(client: PoolClient): Promise<void> {
  await client.query('LOCK TABLE issues, projects IN SHARE ROW EXCLUSIVE MODE');
}

async function createPartition(table: PartitionedTable, day: number): Promise<boolean> {
  const name = partitionName(table, day);
  const from = new Date(day).toISOString();
  const to = new Date(day + DAY_MS).toISOString();
  return withPgTransaction(async (client) => {
    // Several instances may run the job at once: one creates, the others find it made.
    await client.query('SELECT pg_advisory_xact_lock(hashtext($1))', [`partition:${name}`]);
    const { rows } = await client.query<{ found: boolean }>('SELECT to_regclass($1) IS NOT NULL AS found', [name]);
    if (rows[0].found) return false;
    await lockReferencedTables(client);
    // Names and bounds come from this module (a table constant and a date), never from input.
    await client.query(`CREATE TABLE ${name} (LIKE ${table} INCLUDING DEFAULTS)`);
    // The check lets ATTACH skip scanning the new table; the rows of that day leave the default partition.
    await client.query(
      `ALTER TABLE ${name} ADD CONSTRAINT ${name}_range CHECK (received_at >= '${from}' AND received_at < '${to}')`,
    );
    await client.query(
      `WITH moved AS (DELETE FROM ${table}_default WHERE received_at >= '${from}' AND received_at < '${to}' RETURNING *)
       INSERT INTO ${name} SELECT * FROM moved`,
    );
    await client.query(`ALTER TABLE ${table} ATTACH PARTITION ${name} FOR VALUES FROM ('${from}') TO ('${to}')`);
    await client.query(`ALTER TABLE ${name} DROP CONSTRAINT ${name}_range`);
    return true;
  });
}

/**
 * Detaches and drops every daily partition (of `tables`, all by default) that ends at or before `cutoff` (and starts
 * at or after `notBefore`); returns their names.
 */
export async function dropPartitionsBefore(
  cutoff: Date,
  notBefore = new Date(0),
  tables: readonly PartitionedTable[] = PARTITIONED_TABLES,
): Promise<string[]> {
  const expired = (await listPartitions()).filter(
    (p) => tables.includes(p.table) && p.to.getTime() <= cutoff.getTime() && p.from.getTime() >= notBefore.getTime(),
  );
  for (const p of expired) {
    await withPgTransaction(async (client) => {
      await lockReferencedTables(client);
      await client.query(`ALTER TABLE ${p.table} DETACH PARTITION ${p.name}`);
      await client.query(`DROP TABLE ${p.name}`);
    });
  }
  return expired.map((p) => p.name);
}
