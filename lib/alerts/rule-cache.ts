import { db } from '@/lib/db';

export type CachedRule = {
  id: string;
  projectId: string;
  type: 'NEW_ISSUE' | 'ERROR_RATE' | 'REGRESSION';
  threshold: number | null;
  windowMinutes: number | null;
  lastTriggeredAt: Date | null;
  /** Whom it also emails (lib/alerts/alert-targets.ts), read before the firing's transaction opens. */
  targetType: string | null;
  targetTeamId: string | null;
  targetUserId: string | null;
};

type Entry = { expiresAt: number; rules: Promise<CachedRule[]> };

// Bounds how stale another process's view of a changed rule can be; this process invalidates at once.
const TTL_MS = 5_000;
const MAX_ENTRIES = 10_000;
const g = globalThis as unknown as { alertRuleCache?: Map<string, Entry> };
const cache = (g.alertRuleCache ??= new Map());

/** The project's enabled rules, from memory for a few seconds so ingest pays nothing when none exist. */
export function enabledRules(projectId: string): Promise<CachedRule[]> {
  const now = Date.now();
  const hit = cache.get(projectId);
  if (hit && hit.expiresAt > now) return hit.rules;
  if (cache.size >= MAX_ENTRIES) prune(now);
  const rules = db.alertRule.findMany({
    // CRASH_FREE rules are read by their own job, not at ingest.
    where: { projectId, enabled: true, type: { in: ['NEW_ISSUE', 'ERROR_RATE', 'REGRESSION'] } },
    select: {
      id: true,
      projectId: true,
      type: true,
      threshold: true,
      windowMinutes: true,
      lastTriggeredAt: true,
      targetType: true,
      targetTeamId: true,
      targetUserId: true,
    },
  }) as Promise<CachedRule[]>;
  const entry: Entry = { expiresAt: now + TTL_MS, rules };
  cache.set(projectId, entry);
  rules.catch(() => {
    if (cache.get(projectId) === entry) cache.delete(projectId);
  });
  return rules;
}

/** Called on rule create, update and delete. */
export function invalidateRules(projectId: string): void {
  cache.delete(projectId);
}

function prune(now: number): void {
  for (const [k, v] of cache) if (v.expiresAt <= now) cache.delete(k);
  if (cache.size >= MAX_ENTRIES) cache.clear();
}
