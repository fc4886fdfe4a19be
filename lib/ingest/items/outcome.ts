// What happened to an envelope's events and transactions: the answer of a request, and the fate of its other items
// (spans and attachments go with their events). A leaf of the items stage: the kind contract and the events kind
// both name it.
import type { FieldIssue } from '@/lib/errors';
import type { IngestUnit } from '@/lib/envelope/validate-envelope';

export type IngestOutcome =
  | { kind: 'stored'; count: number }
  /** Nothing stored: `repeats` units were repeats of stored ones, the others filtered. */
  | { kind: 'duplicate'; repeats?: number }
  | { kind: 'invalid'; issues: FieldIssue[]; stored?: IngestUnit[] }
  | { kind: 'rate_limited' }
  | { kind: 'quota_exceeded'; stored?: IngestUnit[] }
  | { kind: 'unauthorized' };
