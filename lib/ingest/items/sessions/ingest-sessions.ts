import type { IngestKey } from '@/lib/ingest/admit/resolve-key';
import { forgetIngestKey } from '@/lib/ingest/admit/resolve-key';
import type { CountOutcome } from '../kind';
import type { SessionItem } from './parse-sessions';
import { submitSession } from './session-writer';

/**
 * Stores an envelope's session items for release health: not rate-limited per item and not counted against the
 * monthly event quota (as Sentry, which meters sessions apart), each counted on the Stats page as an accepted session
 * (one count of the envelope's stored items, after their batch committed).
 */
export async function ingestSessions(key: IngestKey, items: SessionItem[], count: CountOutcome): Promise<void> {
  const outcomes = await Promise.all(items.map((item) => submitSession({ projectId: key.projectId, item })));
  const stored = outcomes.filter((o) => o === 'stored').length;
  if (stored < outcomes.length) forgetIngestKey(key.publicKey);
  count({ projectId: key.projectId, category: 'session', outcome: 'accepted', reason: '', quantity: stored });
}
