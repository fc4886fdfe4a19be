// The Replays API (#46): a project's replays (filtered by user, URL, has-error, release, environment; newest
// first, paged by cursor), one replay with its segments and the errors it links to, its recording (every segment's
// rrweb events in order, for the player) and its deletion with its segments' bytes.
import { promisify } from 'node:util';
import { inflate } from 'node:zlib';
import { z } from 'zod';
import { Prisma } from '@/lib/generated/prisma/client';
import { db } from '@/lib/db';
import { notFound } from '@/lib/errors';
import { cursorOf, readCursor } from '@/lib/http/query';
import { clampedInt } from '@/lib/zod/query';
import type { OrgTenant, ProjectTenant } from '@/lib/orgs/resolve-tenant';
import { storeOf, type StoredRef } from '@/lib/attachments/store';
import { eventsByClientId } from '@/lib/events/by-client-id';
import { eventTimesInMs } from '@/lib/envelope/rrweb';
import { eventTitle } from '@/lib/replays/event-title';

const inflateAsync = promisify(inflate);

export const replayParams = z.object({
  projectId: z.string().min(1),
  replayId: z
    .string()
    .transform((v) => v.replace(/-/g, '').toLowerCase())
    .pipe(z.string().regex(/^[0-9a-f]{32}$/, 'Not a replay id')),
});
/** A replay id anywhere in the organization (#60: an error of one project whose replay another project recorded). */
export const orgReplayParams = replayParams.pick({ replayId: true });
export const listReplaysQuery = z.object({
  user: z.string().trim().max(200).optional(),
  url: z.string().trim().max(500).optional(),
  hasError: z.enum(['true', 'false'], { message: 'hasError must be true or false' }).optional(),
  release: z.string().trim().max(200).optional(),
  environment: z.string().trim().max(64).optional(),
  cursor: z.string().max(200).optional(),
  limit: clampedInt(25, 1, 100),
});
export const recordingQuery = z.object({
  segment: z.coerce.number({ message: 'segment must be a number' }).int().min(0).optional(),
});

type Row = Prisma.ReplayGetPayload<object>;

function serialize(r: Row) {
  return {
    id: r.id,
    startedAt: r.startedAt.toISOString(),
    finishedAt: r.finishedAt.toISOString(),
    durationMs: Math.max(0, r.finishedAt.getTime() - r.startedAt.getTime()),
    replayType: r.replayType,
    urls: r.urls,
    url: r.urls[0] ?? null,
    errorIds: r.errorIds,
    countErrors: r.errorIds.length,
    traceIds: r.traceIds,
    release: r.release,
    environment: r.environment,
    platform: r.platform,
    user: r.user,
    userDisplay: r.userDisplay,
    browser: r.browser,
    os: r.os,
    device: r.device,
    segmentCount: r.segmentCount,
    size: r.size,
    countClicks: r.countClicks,
    countDeadClicks: r.countDeadClicks,
    countRageClicks: r.countRageClicks,
  };
}
export type ReplaySummary = ReturnType<typeof serialize>;

export async function listReplays(t: ProjectTenant, q: z.infer<typeof listReplaysQuery>) {
  const where: Prisma.ReplayWhereInput = { projectId: t.projectId, project: { orgId: t.orgId } };
  const and: Prisma.ReplayWhereInput[] = [];
  if (q.user)
    and.push({
      OR: [{ userDisplay: { contains: q.user, mode: 'insensitive' } }, { user: { path: ['id'], equals: q.user } }],
    });
  if (q.url) and.push({ urls: { has: q.url } });
  if (q.hasError === 'true') and.push({ NOT: { errorIds: { isEmpty: true } } });
  if (q.hasError === 'false') and.push({ errorIds: { isEmpty: true } });
  if (q.release) and.push({ release: q.release });
  if (q.environment) and.push({ environment: q.environment });
  if (q.cursor) {
    const c = readCursor(q.cursor);
    and.push({ OR: [{ startedAt: { lt: c.at } }, { startedAt: c.at, id: { lt: c.id } }] });
  }
  const rows = await db.replay.findMany({
    where: { ...where, AND: and },
    orderBy: [{ startedAt: 'desc' }, { id: 'desc' }],
    take: q.limit + 1,
  });
  const page = rows.slice(0, q.limit);
  const last = page.at(-1);
  return {
    replays: page.map(serialize),
    nextCursor: rows.length > q.limit && last ? cursorOf(last.startedAt, last.id) : null,
  };
}

async function findReplay(t: ProjectTenant, replayId: string) {
  const r = await db.replay.findFirst({ where: { projectId: t.projectId, id: replayId, project: { orgId: t.orgId } } });
  if (!r) throw notFound('Replay');
  return r;
}

/** A replay by its id in any project of the organization, with that project (#60: "Watch replay" of another's error). */
export async function findOrgReplay(t: OrgTenant, replayId: string) {
  // By each project's key (project_id, id): the replays are not indexed by id alone.
  const projects = await db.project.findMany({ where: { orgId: t.orgId }, select: { id: true } });
  const r = await db.replay.findFirst({ where: { projectId: { in: projects.map((p) => p.id) }, id: replayId } });
  if (!r) throw notFound('Replay');
  return { ...serialize(r), projectId: r.projectId };
}

/**
 * The errors a replay saw that were stored (an error id the SDK listed may have been dropped), each by its own
 * message ("<type>: <value>" of that event, as an issue is titled, #60) with its issue's title beside it: the issue
 * groups errors by their stack, so its title may be another event's message.
 */
async function linkedErrors(t: ProjectTenant, errorIds: string[]) {
  const events = await eventsByClientId(t.projectId, errorIds, {
    id: true,
    eventId: true,
    issueId: true,
    message: true,
    details: true,
    level: true,
    timestamp: true,
    issue: { select: { title: true } },
  });
  return events
    .map((e) => ({
      eventId: e.eventId,
      id: e.id,
      issueId: e.issueId,
      title: eventTitle(e),
      issueTitle: e.issue.title,
      level: e.level,
      timestamp: e.timestamp.toISOString(),
    }))
    .sort((a, b) => a.timestamp.localeCompare(b.timestamp));
}

export async function getReplay(t: ProjectTenant, replayId: string) {
  const r = await findReplay(t, replayId);
  const segments = await db.replaySegment.findMany({
    where: { projectId: t.projectId, replayId },
    orderBy: { segmentId: 'asc' },
    select: { segmentId: true, size: true, eventCount: true, startedAt: true, finishedAt: true },
  });
  return {
    ...serialize(r),
    segments: segments.map((s) => ({
      ...s,
      startedAt: s.startedAt.toISOString(),
      finishedAt: s.finishedAt.toISOString(),
    })),
    errors: await linkedErrors(t, r.errorIds),
  };
}

/**
 * The rrweb events of every segment (or of one), in segment order, as stored (scrubbed), every time in epoch
 * milliseconds (docs/replays.md: the SDK sends some in seconds).
 */
export async function replayRecording(t: ProjectTenant, replayId: string, segment?: number) {
  await findReplay(t, replayId);
  const segments = await db.replaySegment.findMany({
    where: { projectId: t.projectId, replayId, ...(segment === undefined ? {} : { segmentId: segment }) },
    orderBy: { segmentId: 'asc' },
    select: { segmentId: true, attachment: { select: { id: true, projectId: true, storage: true } } },
  });
  if (segment !== undefined && segments.length === 0) throw notFound('Segment');
  // Read and inflated side by side (each a round trip to the store), joined in segment order.
  const parts = await Promise.all(
    segments.map(async (s) => {
      const ref: StoredRef = s.attachment;
      const bytes = await storeOf(ref).read(ref);
      if (!bytes) return '';
      // Each segment is a JSON array, stored as the SDK sent it: its times are answered in milliseconds, all of them.
      const events = JSON.parse((await inflateAsync(bytes)).toString('utf8')) as unknown[];
      return JSON.stringify(events.map(eventTimesInMs)).slice(1, -1);
    }),
  );
  const body = Buffer.from(`[${parts.filter((p) => p !== '').join(',')}]`);
  return {
    body: new Uint8Array(body.buffer, body.byteOffset, body.byteLength),
    headers: {
      'content-type': 'application/json; charset=utf-8',
      'content-length': String(body.length),
      'x-content-type-options': 'nosniff',
      'content-security-policy': "default-src 'none'; sandbox",
      'cache-control': 'private, no-store',
    },
  };
}

/** Deletes the replay, its segments and their bytes (S3's first, so none is left unreachable). */
export async function deleteReplay(t: ProjectTenant, replayId: string) {
  await findReplay(t, replayId);
  const refs = await db.attachment.findMany({
    where: { projectId: t.projectId, replaySegment: { replayId } },
    select: { id: true, projectId: true, storage: true },
  });
  const inS3 = refs.filter((r) => r.storage === 's3');
  if (inS3.length) await storeOf(inS3[0]).removeBytes(inS3);
  await db.$transaction([
    db.attachment.deleteMany({ where: { id: { in: refs.map((r) => r.id) } } }),
    db.replay.deleteMany({ where: { projectId: t.projectId, id: replayId } }),
  ]);
  return { id: replayId, segments: refs.length };
}
