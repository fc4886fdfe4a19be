// The Feedback inbox's API (#33): a project's feedback by status (new, resolved, spam) with search and paging,
// triage (status, assignee), and the feedback on one issue. Each item carries its attachments (a screenshot).
import { z } from 'zod';
import { Prisma } from '@/lib/generated/prisma/client';
import { db } from '@/lib/db';
import { contextLabel } from '@/lib/envelope/context-label';
import { eventsByClientId } from '@/lib/events/by-client-id';
import { notFound, validationError } from '@/lib/errors';
import { cursorOf, readCursor } from '@/lib/http/query';
import { clampedInt } from '@/lib/zod/query';
import type { ProjectTenant } from '@/lib/orgs/resolve-tenant';
import { serializeAttachment } from '@/lib/attachments/attachment-api';
import { linkPendingFeedback } from '@/lib/ingest/items/feedback';
import { storedTraceIds } from '@/lib/traces/stored-traces';
import { hex32 } from '@/lib/replays/replay-id-of';

export const FEEDBACK_STATUSES = ['new', 'resolved', 'spam'] as const;

export const feedbackParams = z.object({ projectId: z.string().min(1), feedbackId: z.string().min(1).max(64) });
export const listFeedbackQuery = z.object({
  status: z
    .enum([...FEEDBACK_STATUSES, 'all'], { message: 'Status must be new, resolved, spam or all' })
    .default('new'),
  query: z.string().trim().max(200).optional(),
  /** One piece of feedback (the link in its email), whatever its status. */
  id: z.string().min(1).max(64).optional(),
  /** The feedback sent during one replay (#60: the replay page lists it), whatever its status. */
  replayId: z
    .string()
    .transform((v) => v.replace(/-/g, '').toLowerCase())
    .pipe(z.string().regex(/^[0-9a-f]{32}$/, 'Not a replay id'))
    .optional(),
  cursor: z.string().max(200).optional(),
  limit: clampedInt(25, 1, 100),
});
export const updateFeedbackSchema = z
  .object({
    status: z.enum(FEEDBACK_STATUSES, { message: 'Status must be new, resolved or spam' }).optional(),
    assigneeId: z.string().min(1).max(64).nullable().optional(),
  })
  .refine((v) => v.status !== undefined || v.assigneeId !== undefined, { message: 'Nothing to update', path: [] });

type Row = Prisma.FeedbackGetPayload<{ include: { assignee: { select: { id: true; name: true; email: true } } } }>;

const isRecord = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);
/** The replay the SDK named (the widget's replay_id), and the trace it was sent in. */
const replayIdOf = (contexts: unknown) => (isRecord(contexts) ? hex32(contexts.replay_id) : null);
const traceIdOf = (contexts: unknown) =>
  isRecord(contexts) && isRecord(contexts.trace) ? hex32(contexts.trace.trace_id) : null;

/** Of the replays and traces the rows name, those stored (#60: only those are links). */
async function storedLinks(t: ProjectTenant, rows: Row[]) {
  const replayIds = [...new Set(rows.map((r) => replayIdOf(r.contexts)).filter((id): id is string => id !== null))];
  const [replays, traces] = await Promise.all([
    replayIds.length
      ? db.replay.findMany({ where: { projectId: t.projectId, id: { in: replayIds } }, select: { id: true } })
      : [],
    storedTraceIds(
      t.orgId,
      rows.map((r) => traceIdOf(r.contexts)),
    ),
  ]);
  return { replays: new Set(replays.map((r) => r.id)), traces };
}

/**
 * The stored events that feedback without its own page or browser is about (a user report, the crash-report dialog:
 * the page and browser are the event's), by client event id; event_ids names each one's partition.
 */
async function associatedEvents(t: ProjectTenant, rows: Row[]) {
  const ids = [
    ...new Set(
      rows
        .filter((r) => r.associatedEventId && (!r.url || !contextLabel(r.contexts, 'browser')))
        .map((r) => r.associatedEventId!),
    ),
  ];
  const events = await eventsByClientId(t.projectId, ids, { eventId: true, request: true, contexts: true });
  return new Map(events.map((e) => [e.eventId!, { request: e.request, contexts: e.contexts }]));
}

async function serialize(t: ProjectTenant, rows: Row[]) {
  const [events, stored] = await Promise.all([associatedEvents(t, rows), storedLinks(t, rows)]);
  const attachments = rows.length
    ? await db.attachment.findMany({
        where: { projectId: t.projectId, eventId: { in: rows.map((r) => r.eventId) } },
        select: {
          id: true,
          eventId: true,
          filename: true,
          contentType: true,
          attachmentType: true,
          size: true,
          createdAt: true,
        },
        orderBy: { createdAt: 'asc' },
      })
    : [];
  return rows.map((f) => {
    const event = f.associatedEventId ? events.get(f.associatedEventId) : undefined;
    const eventUrl = isRecord(event?.request) && typeof event.request.url === 'string' ? event.request.url : null;
    const replayId = replayIdOf(f.contexts);
    const traceId = traceIdOf(f.contexts);
    return {
      id: f.id,
      eventId: f.eventId,
      associatedEventId: f.associatedEventId,
      issueId: f.issueId,
      message: f.message,
      name: f.name,
      email: f.email,
      // The page it was sent from; for a report about an event without its own, that event's page.
      url: f.url ?? eventUrl,
      /** "Chrome 131.0" and "macOS 14.5": what the SDK sent or its User-Agent said, else the event's. */
      browser: contextLabel(f.contexts, 'browser') ?? contextLabel(event?.contexts, 'browser'),
      os: contextLabel(f.contexts, 'os') ?? contextLabel(event?.contexts, 'os'),
      source: f.source,
      // #60: the replay it was sent during and its trace, each with whether it is stored (then a link).
      replayId,
      replayStored: replayId !== null && stored.replays.has(replayId),
      traceId,
      traceStored: traceId !== null && stored.traces.has(traceId),
      status: f.status,
      assignee: f.assignee,
      contexts: f.contexts,
      createdAt: f.createdAt.toISOString(),
      attachments: attachments.filter((a) => a.eventId === f.eventId).map((a) => serializeAttachment(t.projectId, a)),
    };
  });
}

const include = { assignee: { select: { id: true, name: true, email: true } } } as const;

/** The rows after a cursor of this list (newest first). */
function afterCursor(cursor: string | undefined): Prisma.FeedbackWhereInput {
  if (!cursor) return {};
  const { at, id } = readCursor(cursor);
  return { OR: [{ createdAt: { lt: at } }, { createdAt: at, id: { lt: id } }] };
}

export async function listFeedback(t: ProjectTenant, q: z.infer<typeof listFeedbackQuery>) {
  await linkPendingFeedback(t.projectId);
  const text = q.query
    ? {
        OR: (['message', 'name', 'email', 'url'] as const).map((f) => ({
          [f]: { contains: q.query, mode: 'insensitive' as const },
        })),
      }
    : {};
  // One piece (by id) or one replay's pieces are read whatever their status.
  const one = q.id || q.replayId;
  const rows = await db.feedback.findMany({
    where: {
      projectId: t.projectId,
      project: { orgId: t.orgId },
      ...(q.status === 'all' || one ? {} : { status: q.status }),
      ...(q.id ? { id: q.id } : {}),
      ...(q.replayId ? { contexts: { path: ['replay_id'], equals: q.replayId } } : {}),
      AND: [text, afterCursor(q.cursor)],
    },
    include,
    orderBy: [{ createdAt: 'desc' }, { id: 'desc' }],
    take: q.limit + 1,
  });
  const page = rows.slice(0, q.limit);
  const last = page.at(-1);
  const counts = await db.feedback.groupBy({
    by: ['status'],
    where: { projectId: t.projectId },
    _count: { _all: true },
  });
  return {
    feedback: await serialize(t, page),
    nextCursor: rows.length > q.limit && last ? cursorOf(last.createdAt, last.id) : null,
    counts: Object.fromEntries(FEEDBACK_STATUSES.map((s) => [s, counts.find((c) => c.status === s)?._count._all ?? 0])),
  };
}

export async function updateFeedback(t: ProjectTenant, id: string, input: z.infer<typeof updateFeedbackSchema>) {
  const f = await db.feedback.findFirst({
    where: { id, projectId: t.projectId, project: { orgId: t.orgId } },
    select: { id: true },
  });
  if (!f) throw notFound('Feedback');
  if (input.assigneeId) {
    const member = await db.membership.findUnique({
      where: { orgId_userId: { orgId: t.orgId, userId: input.assigneeId } },
    });
    if (!member)
      throw validationError([{ path: ['assigneeId'], message: 'The assignee must be a member of this organization' }]);
  }
  const row = await db.feedback.update({
    where: { id },
    data: {
      ...(input.status ? { status: input.status } : {}),
      ...(input.assigneeId !== undefined ? { assigneeId: input.assigneeId } : {}),
    },
    include,
  });
  return (await serialize(t, [row]))[0];
}

/** The feedback about an issue's events, newest first (at most 100). */
export async function issueFeedback(t: ProjectTenant, issueId: string) {
  const issue = await db.issue.findFirst({
    where: { id: issueId, projectId: t.projectId, project: { orgId: t.orgId } },
    select: { id: true },
  });
  if (!issue) throw notFound('Issue');
  await linkPendingFeedback(t.projectId);
  const rows = await db.feedback.findMany({
    where: { issueId },
    include,
    orderBy: [{ createdAt: 'desc' }, { id: 'desc' }],
    take: 100,
  });
  return serialize(t, rows);
}
