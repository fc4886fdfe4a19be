import type { LevelValue } from '@/lib/zod/issues';

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
  environment: string | null;
  release: string | null;
  timestamp: Date;
  receivedAt: Date;
};

export function serializeEvent(e: EventRow) {
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
  };
}

export type SerializedEvent = ReturnType<typeof serializeEvent>;
