// What a new ticket says about an issue (#64): its title and culprit, a link back, its counts and the top in-app
// frames of its latest event, read once by the worker and written by each provider in its own format.
import { db } from '@/lib/db';
import { issueUrl } from '@/lib/alerts/payloads';
import type { TicketDraft } from './provider';

const TOP_FRAMES = 5;
const isObject = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);

/** The innermost in-app frames (all frames when none is marked in-app), at most five. */
export function topFrames(stacktrace: unknown): TicketDraft['frames'] {
  const frames = isObject(stacktrace) && Array.isArray(stacktrace.frames) ? stacktrace.frames.filter(isObject) : [];
  const inApp = frames.some((f) => f.in_app === true) ? frames.filter((f) => f.in_app === true) : frames;
  return inApp.slice(0, TOP_FRAMES).map((f) => ({
    function: typeof f.function === 'string' ? f.function : null,
    filename: typeof f.filename === 'string' ? f.filename : typeof f.abs_path === 'string' ? f.abs_path : '?',
    lineno: typeof f.lineno === 'number' ? f.lineno : null,
  }));
}

/** The draft of an issue known to exist (the worker checked it is the integration's organization's). */
export async function ticketDraft(issueId: string): Promise<TicketDraft> {
  const issue = await db.issue.findUniqueOrThrow({
    where: { id: issueId },
    select: {
      id: true,
      projectId: true,
      title: true,
      culprit: true,
      level: true,
      eventCount: true,
      firstSeen: true,
      lastSeen: true,
      project: { select: { name: true } },
      userCount: { select: { users: true } },
    },
  });
  const latest = await db.event.findFirst({
    where: { issueId, projectId: issue.projectId },
    orderBy: [{ timestamp: 'desc' }, { id: 'desc' }],
    select: { stacktrace: true },
  });
  return {
    title: issue.title,
    culprit: issue.culprit,
    level: issue.level,
    project: issue.project.name,
    issueUrl: issueUrl(issue.projectId, issue.id),
    eventCount: issue.eventCount,
    userCount: issue.userCount?.users ?? 0,
    firstSeen: issue.firstSeen.toISOString(),
    lastSeen: issue.lastSeen.toISOString(),
    frames: topFrames(latest?.stacktrace),
  };
}
