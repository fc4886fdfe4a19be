// What a grouping config change does to a project's latest events (#63): for each, its key under the config in
// force and under the new one, and where its kind of event goes after the change. The preview shows it; saving
// writes the same continuations, so what the preview says is what happens. An issue keeps the events whose key does
// not change; when none of its sampled events keeps its key, the new key most of them take continues it (that key
// becomes an alias of the issue); a new key some other issue already continues joins that one; any other new key
// starts an issue of its own. Ingest decides the same way, first come, for issues outside the sample.
import type { GroupingConfig } from '@/lib/grouping/config';
import { groupEvent } from '@/lib/ingest/enrich/grouping/group-with-rules';
import type { GroupingUnit } from '@/lib/ingest/enrich/grouping/group-event';

export type PlanIssue = { id: string; title: string; fingerprint: string };
export type SampleEvent = { issueId: string; unit: GroupingUnit };

export type PlanInto = { kind: 'same' } | { kind: 'existing'; issue: PlanIssue } | { kind: 'new' };

export type PlanRow = {
  /** The issue the events are in now. */
  issue: PlanIssue;
  events: number;
  /** The key (fingerprint hash) the events take under the new config, its title and the rule that made it. */
  fingerprint: string;
  title: string;
  rule: string | null;
  /** The rule's fingerprint parts, variables filled in (null under the default grouping). */
  parts: string[] | null;
  into: PlanInto;
};

export type Continuation = { previous: string; fingerprint: string; issueId: string };

export type RegroupPlan = {
  examined: number;
  unchanged: number;
  rows: PlanRow[];
  /** Each previous key's continuation (a key continued by itself keeps a rule's other keys apart). */
  continuations: Continuation[];
};

/** What the database holds of the new keys: issues keyed by them, and aliases (a merged or continued key → issue). */
export type KnownKeys = { issues: ReadonlyMap<string, PlanIssue>; aliases: ReadonlyMap<string, PlanIssue> };

type Group = Omit<PlanRow, 'issue' | 'into'> & { issueId: string; previous: string };

export type SampleKeys = { examined: number; changed: Group[]; unchanged: Map<string, string> };

/** Each sampled event's key under both configs, grouped by issue and keys. */
export function keysOf(events: SampleEvent[], current: GroupingConfig, draft: GroupingConfig): SampleKeys {
  const groups = new Map<string, Group>();
  // Previous key → issue, for the keys that some sampled events keep.
  const unchanged = new Map<string, string>();
  for (const e of events) {
    const previous = groupEvent(e.unit, current).fingerprint;
    const next = groupEvent(e.unit, draft);
    if (next.fingerprint === previous) {
      unchanged.set(previous, e.issueId);
      continue;
    }
    const id = `${e.issueId}\u0000${previous}\u0000${next.fingerprint}`;
    const g = groups.get(id);
    if (g) g.events++;
    else
      groups.set(id, {
        issueId: e.issueId,
        previous,
        fingerprint: next.fingerprint,
        title: next.title,
        rule: next.rule ?? null,
        parts: next.parts ?? null,
        events: 1,
      });
  }
  return { examined: events.length, changed: [...groups.values()], unchanged };
}

export function regroupPlan(
  keys: SampleKeys,
  known: KnownKeys & { sampled: ReadonlyMap<string, PlanIssue> },
): RegroupPlan {
  const continuedBy = new Map<string, string>();
  const continuations: Continuation[] = [];
  for (const [previous, issueId] of keys.unchanged) {
    continuedBy.set(previous, previous);
    continuations.push({ previous, fingerprint: previous, issueId });
  }
  // New keys already placed by this plan: continuing an issue, or new.
  const placed = new Map<string, PlanIssue | 'new'>();
  const rows: PlanRow[] = [];
  const order = [...keys.changed].sort(
    (a, b) => b.events - a.events || a.issueId.localeCompare(b.issueId) || a.fingerprint.localeCompare(b.fingerprint),
  );
  for (const g of order) {
    const issue = known.sampled.get(g.issueId)!;
    const existing = known.aliases.get(g.fingerprint) ?? known.issues.get(g.fingerprint) ?? placed.get(g.fingerprint);
    let into: PlanInto;
    if (existing === 'new') into = { kind: 'new' };
    else if (existing) into = existing.id === issue.id ? { kind: 'same' } : { kind: 'existing', issue: existing };
    else if (continuedBy.has(g.previous)) {
      placed.set(g.fingerprint, 'new');
      into = { kind: 'new' };
    } else {
      continuedBy.set(g.previous, g.fingerprint);
      continuations.push({ previous: g.previous, fingerprint: g.fingerprint, issueId: issue.id });
      placed.set(g.fingerprint, issue);
      into = { kind: 'same' };
    }
    const { issueId: _, previous: __, ...row } = g;
    rows.push({ ...row, issue, into });
  }
  const regrouped = keys.changed.reduce((n, g) => n + g.events, 0);
  return { examined: keys.examined, unchanged: keys.examined - regrouped, rows, continuations };
}
