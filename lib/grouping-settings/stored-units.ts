// A stored event as the unit ingest grouped (#63), for the grouping preview: its exception, frames (with the in-app
// flags as sent, before any stack trace rule), message, logger, tags, and what ingest kept of how it was grouped
// (details.grouping: our own envelope, the SDK's fingerprint). Events stored before that was kept are read as our
// envelope when they name neither an SDK nor a platform.
import type { ErrorEnvelope, Frame } from '@/lib/envelope/schemas';
import type { GroupingUnit } from '@/lib/ingest/enrich/grouping/group-event';

export type StoredEventRow = {
  message: string;
  level: string;
  stacktrace: unknown;
  details: unknown;
  tags: unknown;
  environment: string | null;
  release: string | null;
};

type Details = {
  exception?: { type?: string; module?: string; mechanism?: ErrorEnvelope['exception']['mechanism'] };
  causes?: ErrorEnvelope['exception']['causes'];
  logentry?: ErrorEnvelope['logentry'];
  platform?: string;
  logger?: string;
  transaction?: string;
  sdk?: ErrorEnvelope['sdk'];
  grouping?: { native?: boolean; fingerprint?: string[]; origInApp?: Record<string, boolean | null> };
};

const isObject = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);

function framesOf(stacktrace: unknown, origInApp: Record<string, boolean | null> | undefined): Frame[] | null {
  if (!isObject(stacktrace) || !Array.isArray(stacktrace.frames)) return null;
  return (stacktrace.frames as Frame[]).map((f, i) => {
    if (!origInApp || !(String(i) in origInApp)) return f;
    const { in_app: _, ...rest } = f;
    const sent = origInApp[String(i)];
    return sent === null ? rest : { ...rest, in_app: sent };
  });
}

const stringRecord = (v: unknown): Record<string, string> | undefined =>
  isObject(v)
    ? (Object.fromEntries(Object.entries(v).filter((e) => typeof e[1] === 'string')) as Record<string, string>)
    : undefined;

export function unitOfStoredEvent(row: StoredEventRow): GroupingUnit {
  const d: Details = isObject(row.details) ? (row.details as Details) : {};
  const frames = framesOf(row.stacktrace, d.grouping?.origInApp);
  const type = d.exception?.type ?? 'Message';
  const mechanism = d.exception?.mechanism;
  const native = d.grouping ? d.grouping.native === true : !d.sdk && !d.platform;
  const envelope = {
    exception: {
      type,
      value: row.message,
      // A stackless event kept no frame; grouping reads none of the placeholder it had.
      stacktrace: { frames: frames ?? [{ filename: '<unknown>', lineno: 1 }] },
      module: d.exception?.module,
      mechanism,
      causes: d.causes,
    },
    level: row.level.toLowerCase() as ErrorEnvelope['level'],
    environment: row.environment ?? undefined,
    release: row.release ?? undefined,
    tags: stringRecord(row.tags),
    fingerprint: d.grouping?.fingerprint,
    logentry: d.logentry,
    platform: d.platform,
    logger: d.logger,
    transaction: d.transaction,
    sdk: d.sdk,
  } as ErrorEnvelope;
  return {
    envelope,
    grouping: native ? 'native' : 'sentry',
    stackless: frames === null,
    // As the Sentry mapping decides: no exception (stored as type "Message"), or a synthetic one.
    message: native ? false : frames === null || (type === 'Message' && !mechanism) || mechanism?.synthetic === true,
  };
}
