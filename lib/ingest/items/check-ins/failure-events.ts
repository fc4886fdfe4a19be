// Where a monitor's failure events go (lib/monitors/runs.ts FailureEvents): through the events kind, as any event
// is, so a failing site's answer in the detail is scrubbed, the failure grouped into the monitor's issue and stored.
import { db } from '@/lib/db';
import { validateUnit } from '@/lib/envelope/validate-envelope';
import { withCustomParts } from '@/lib/ingest/enrich/grouping/fingerprint';
import { resolveIngestKey, type IngestKey } from '@/lib/ingest/admit/resolve-key';
import type { FailureEvents } from '@/lib/monitors/runs';
import { events } from '../events';
import { newStoreContext } from '../kind';

/** The project's ingest key (any enabled one), for failures found without a request (the minute job). */
async function keyOf(projectId: string): Promise<IngestKey | null> {
  const k = await db.projectKey.findFirst({ where: { projectId, enabled: true }, select: { publicKey: true } });
  return k ? resolveIngestKey(k.publicKey, projectId) : null;
}

/** Failure events stored with `key` (the check-in's own), else with the project's first enabled key. */
export function failureEvents(key: IngestKey | null = null): FailureEvents {
  return async (projectId, event) => {
    const k = key ?? (await keyOf(projectId));
    if (!k) return null;
    const v = validateUnit(event, { path: [], hadEscapes: false, grouping: 'native' });
    if (!v.ok) return null;
    const outcome = await events.store(k, [v.unit], newStoreContext());
    if (outcome?.kind !== 'stored') return null;
    const issue = await db.issue.findUnique({
      where: { projectId_fingerprint: { projectId, fingerprint: withCustomParts('', event.fingerprint) } },
      select: { id: true },
    });
    return issue?.id ?? null;
  };
}
