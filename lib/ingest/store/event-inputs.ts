// What the event writer takes: one error event or transaction, ready for the batch statement. Types only, shared by
// the writer (./event-writer.ts) and the statement's columns (./event-batch-sql.ts).
import type { Level } from '@/lib/generated/prisma/enums';
import type { RollupKeys } from './rollup-keys';

export type StoredEventInput = {
  orgId: string;
  projectId: string;
  fingerprint: string;
  title: string;
  culprit: string | null;
  level: Level;
  message: string;
  eventId: string | null;
  timestamp: Date;
  receivedAt: Date;
  environment: string | null;
  release: string | null;
  /** Already serialized JSON (or null) for the jsonb columns. */
  json: {
    stacktrace: string | null;
    contexts: string | null;
    tags: string | null;
    userContext: string | null;
    request: string | null;
    breadcrumbs: string | null;
    details: string | null;
  };
  /** What the event adds to its issue's tag and user rollups (lib/ingest/store/rollup-keys). */
  rollup: RollupKeys;
};

export type StoredTransactionInput = {
  orgId: string;
  projectId: string;
  name: string;
  duration: number;
  status: string;
  vitals: { lcp?: number; cls?: number; fcp?: number; ttfb?: number };
  timestamp: Date;
  receivedAt: Date;
  environment: string | null;
  release: string | null;
  traceId: string | null;
};
