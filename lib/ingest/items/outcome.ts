// What happened to an envelope's events and transactions: the answer of a request, and the fate of its other items
// (spans and attachments go with their events). A leaf of the items stage: the kind contract and the events kind
// both name it.
import type { FieldIssue } from '@/lib/errors';

export type IngestOutcome =
  | { kind: 'stored'; count: number }
  | { kind: 'duplicate' }
  | { kind: 'invalid'; issues: FieldIssue[] }
  | { kind: 'rate_limited' }
  | { kind: 'quota_exceeded' }
  | { kind: 'unauthorized' };
