// The transition window of a grouping config change (#63), as Sentry's secondary hashes: while a replaced config is
// in its window, an event whose new key has no issue yet is also keyed by the replaced config; when that key has an
// issue, the event goes there and the new key becomes an alias of it, so an issue created before the change keeps
// receiving its events. Each previous key is continued by one new key only (a row of grouping_continuations for
// the config's epoch): when a rule splits an issue, the first new key seen continues it and the others start
// their own. Only projects with a config in its window come here, and each (new key, previous keys) pair is looked
// up once per process (a minute), in one query per batch.
import type { GroupingConfig } from '@/lib/grouping/config';
import type { ProjectGrouping } from '@/lib/grouping/project-grouping';
import { withDbRetry } from '@/lib/db-retry';
// Raw SQL: the ingest path, where the stack allows pg.
import { pool, statement } from '@/lib/pg';
import type { GroupingUnit } from './group-event';
import { groupEvent } from './group-with-rules';

/** What the transition needs of the ingest key (the admit stage's type, which this stage below it cannot import). */
export type TransitionKey = {
  projectId: string;
  grouping?: ProjectGrouping | null;
  aliases: ReadonlyMap<string, string>;
  discarded: ReadonlySet<string>;
};

type Candidate = { unit: GroupingUnit; row: { fingerprint: string } };

const TTL_MS = 60_000;
const MAX_ENTRIES = 50_000;
const g = globalThis as unknown as { trackerGroupingTransitions?: Map<string, { to: string; expiresAt: number }> };
const resolved = (g.trackerGroupingTransitions ??= new Map());

function previousKeys(unit: GroupingUnit, configs: readonly GroupingConfig[]): string[] {
  return configs.map((c) => groupEvent(unit, c).fingerprint);
}

type Lookup = { issues: Set<string>; continuations: Map<string, string>; aliases: Map<string, string> };

async function lookUp(projectId: string, epoch: string, fingerprints: string[]): Promise<Lookup> {
  const { rows } = await withDbRetry(
    () =>
      pool().query<{ kind: 'i' | 'c' | 'a'; a: string; b: string | null }>(
        statement(
          'grouping-transition-lookup',
          `SELECT 'i' AS kind, fingerprint AS a, NULL AS b FROM issues WHERE project_id = $1 AND fingerprint = ANY($2::text[])
           UNION ALL
           SELECT 'c', previous_fingerprint, fingerprint FROM grouping_continuations
            WHERE project_id = $1 AND epoch = $3 AND previous_fingerprint = ANY($2::text[])
           UNION ALL
           SELECT 'a', a.fingerprint, i.fingerprint FROM issue_fingerprint_aliases a JOIN issues i ON i.id = a.issue_id
            WHERE a.project_id = $1 AND a.fingerprint = ANY($2::text[])`,
          [projectId, fingerprints, epoch],
        ),
      ),
    { ambiguous: 'retry', what: 'grouping transition lookup' },
  );
  const out: Lookup = { issues: new Set(), continuations: new Map(), aliases: new Map() };
  for (const r of rows)
    if (r.kind === 'i') out.issues.add(r.a);
    else if (r.kind === 'c') out.continuations.set(r.a, r.b!);
    else out.aliases.set(r.a, r.b!);
  return out;
}

/**
 * Claims the continuation of `previous` by `fingerprint` under the epoch, and when it is ours, makes `fingerprint`
 * an alias of the issue keyed `target`. Answers the new key that continues `previous` (ours or a racing one's) and
 * the issue `fingerprint` was already an alias of, if it was.
 */
async function claim(
  projectId: string,
  epoch: string,
  c: { previous: string; fingerprint: string; target: string },
): Promise<{ winner: string; aliasOf: string | null }> {
  const run = () =>
    pool().query<{ fingerprint: string | null; alias_of: string | null }>(
      statement(
        'grouping-transition-claim',
        `WITH c AS (
           INSERT INTO grouping_continuations (project_id, epoch, previous_fingerprint, fingerprint)
           VALUES ($1, $2, $3, $4) ON CONFLICT DO NOTHING RETURNING fingerprint
         ), w AS (
           SELECT COALESCE((SELECT fingerprint FROM c),
             (SELECT fingerprint FROM grouping_continuations WHERE project_id = $1 AND epoch = $2 AND previous_fingerprint = $3)) AS fingerprint
         ), a AS (
           INSERT INTO issue_fingerprint_aliases (project_id, fingerprint, issue_id)
           SELECT $1, $4, i.id FROM issues i, w WHERE i.project_id = $1 AND i.fingerprint = $5 AND w.fingerprint = $4
           ON CONFLICT (project_id, fingerprint) DO NOTHING RETURNING 1
         )
         SELECT w.fingerprint, (SELECT i.fingerprint FROM issue_fingerprint_aliases x JOIN issues i ON i.id = x.issue_id
                                 WHERE x.project_id = $1 AND x.fingerprint = $4) AS alias_of
           FROM w`,
        [projectId, epoch, c.previous, c.fingerprint, c.target],
      ),
    );
  // Safe to repeat: a repeat finds its own row.
  let [row] = (await withDbRetry(run, { ambiguous: 'retry', what: 'grouping transition claim' })).rows;
  // A racing claim that committed while this statement waited is not in its snapshot: read it again.
  if (!row?.fingerprint)
    [row] = (await withDbRetry(run, { ambiguous: 'retry', what: 'grouping transition claim' })).rows;
  return { winner: row?.fingerprint ?? c.fingerprint, aliasOf: row?.alias_of ?? null };
}

/** Where an event keyed `k` (with these previous keys, newest config first) goes, from what the database holds. */
async function decide(
  key: TransitionKey & { grouping: ProjectGrouping },
  k: string,
  olds: string[],
  found: Lookup,
): Promise<string> {
  const aliased = found.aliases.get(k);
  if (aliased !== undefined) return aliased;
  if (found.issues.has(k)) return k;
  for (const old of olds) {
    if (old === k) continue;
    // A discarded issue stays discarded through the window: its events keep the key the discard names.
    if (key.discarded.has(old)) return old;
    const target = key.aliases.get(old) ?? found.aliases.get(old) ?? (found.issues.has(old) ? old : undefined);
    if (target === undefined) continue;
    let winner = found.continuations.get(old);
    let aliasOf: string | null = null;
    if (winner === undefined) {
      ({ winner, aliasOf } = await claim(key.projectId, key.grouping.epoch, { previous: old, fingerprint: k, target }));
      found.continuations.set(old, winner);
    }
    // Another previous key continued by another new key: this one is a new issue (the rule split the old one).
    if (winner !== k) return k;
    found.aliases.set(k, aliasOf ?? target);
    return aliasOf ?? target;
  }
  return k;
}

/**
 * Sends each candidate's event to the issue it continues, rewriting its row's fingerprint; the caller then applies
 * the aliases (a new key claimed here is an alias from the next key load on).
 */
export async function continueIssues(key: TransitionKey, candidates: Candidate[]): Promise<void> {
  const grouping = key.grouping;
  if (!grouping) return;
  const now = Date.now();
  const live = grouping.previous.filter((p) => p.until > now).map((p) => p.config);
  if (live.length === 0) return;
  const pending: { c: Candidate; k: string; olds: string[]; cacheKey: string }[] = [];
  for (const c of candidates) {
    const k = c.row.fingerprint;
    if (key.aliases.has(k)) continue;
    const olds = previousKeys(c.unit, live);
    if (olds.every((o) => o === k)) continue;
    const cacheKey = `${key.projectId}|${grouping.epoch}|${k}|${olds.join(',')}`;
    const hit = resolved.get(cacheKey);
    if (hit && hit.expiresAt > now) c.row.fingerprint = hit.to;
    else pending.push({ c, k, olds, cacheKey });
  }
  if (pending.length === 0) return;
  const found = await lookUp(key.projectId, grouping.epoch, [...new Set(pending.flatMap((p) => [p.k, ...p.olds]))]);
  for (const p of pending) {
    const to = await decide({ ...key, grouping }, p.k, p.olds, found);
    p.c.row.fingerprint = to;
    // The issue now exists (or will, with this batch) under the key it was sent to.
    found.issues.add(to);
    if (resolved.size >= MAX_ENTRIES) resolved.clear();
    resolved.set(p.cacheKey, { to, expiresAt: now + TTL_MS });
  }
}
