import { db } from '@/lib/db';
import { notFound } from '@/lib/errors';
import { serializeEvent } from './serialize';

/** One event in full; 404 unless it belongs to this issue of this project of this organization. */
export async function getEvent(orgId: string, projectId: string, issueId: string, eventId: string) {
  const event = await db.event.findFirst({ where: { id: eventId, issueId, projectId, issue: { projectId, project: { orgId } } } });
  if (!event) throw notFound('Event');
  return serializeEvent(event);
}
