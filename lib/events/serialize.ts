import type { LevelValue } from '@/lib/zod/issues';
import type { PerformanceEvidence } from '@/lib/performance-issues/types';

type Json = unknown;

type EventRow = {
  id: string;
  issueId: string;
  projectId: string;
  eventId: string | null;
  level: LevelValue;
  message: string;
  stacktrace: Json;
  contexts: Json;
  tags: Json;
  userContext: Json;
  request: Json;
  breadcrumbs: Json;
  details: Json;
  environment: string | null;
  release: string | null;
  timestamp: Date;
  receivedAt: Date;
};

type Mechanism = { type: string; handled?: boolean; synthetic?: boolean; description?: string; source?: string };
type ChainedException = {
  type: string;
  value: string;
  module?: string;
  mechanism?: Mechanism;
  stacktrace?: { frames: unknown[] } | null;
};
type Details = {
  exception?: { type: string; module?: string; mechanism?: Mechanism };
  causes?: ChainedException[];
  logentry?: { message: string; params?: unknown[]; formatted: string };
  platform?: string;
  logger?: string;
  serverName?: string;
  transaction?: string;
  sdk?: { name?: string; version?: string };
  extra?: Record<string, unknown>;
  modules?: Record<string, string>;
  /** The browser security report the event was read from: `csp`, `expect-ct`, `expect-staple` or `hpkp`. */
  security?: { type: string; report: Record<string, unknown> };
  /** A performance issue's evidence (#62): the offending spans, their parent, the transaction and its trace. */
  performance?: PerformanceEvidence;
};

const isObject = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);

/**
 * The exception chain, thrown exception first (its frames are the event's `stacktrace`), then its cause, the
 * cause's cause…; empty for a message without a stack, null for events stored before details were kept.
 */
function exceptionsOf(e: EventRow, d: Details): ChainedException[] | null {
  if (!d.exception) return isObject(e.details) ? [] : null;
  const thrown: ChainedException = {
    ...d.exception,
    value: e.message,
    stacktrace: (e.stacktrace as ChainedException['stacktrace']) ?? null,
  };
  return [thrown, ...(d.causes ?? []).map((c) => ({ ...c, stacktrace: c.stacktrace ?? null }))];
}

/** The spec's event fields, then (beside them, never instead) what Sentry SDKs send beyond the spec. */
export function serializeEvent(e: EventRow) {
  const d: Details = isObject(e.details) ? (e.details as Details) : {};
  return {
    id: e.id,
    issueId: e.issueId,
    projectId: e.projectId,
    eventId: e.eventId,
    level: e.level,
    message: e.message,
    stacktrace: e.stacktrace ?? null,
    contexts: e.contexts ?? null,
    tags: e.tags ?? null,
    userContext: e.userContext ?? null,
    request: e.request ?? null,
    breadcrumbs: e.breadcrumbs ?? null,
    environment: e.environment,
    release: e.release,
    timestamp: e.timestamp.toISOString(),
    receivedAt: e.receivedAt.toISOString(),
    exceptions: exceptionsOf(e, d),
    logentry: d.logentry ?? null,
    platform: d.platform ?? null,
    logger: d.logger ?? null,
    serverName: d.serverName ?? null,
    transaction: d.transaction ?? null,
    sdk: d.sdk ?? null,
    extra: d.extra ?? null,
    modules: d.modules ?? null,
    security: d.security ?? null,
    performance: d.performance ?? null,
  };
}

export type SerializedEvent = ReturnType<typeof serializeEvent>;
