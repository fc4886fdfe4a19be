import type { Prisma } from '@/lib/generated/prisma/client';
import { db } from '@/lib/db';

/**
 * A project's stored events named by the ids their SDKs gave them (an error a replay saw, the event a user report is
 * about): event_ids gives each one's receipt time, which names its partition of `events`. An id whose event was not
 * stored, or has aged out of event_ids, finds nothing.
 */
export async function eventsByClientId<S extends Prisma.EventSelect>(
  projectId: string,
  ids: string[],
  select: S,
): Promise<Prisma.EventGetPayload<{ select: S }>[]> {
  if (ids.length === 0) return [];
  const known = await db.eventId.findMany({
    where: { projectId, eventId: { in: ids } },
    select: { eventId: true, receivedAt: true },
  });
  if (known.length === 0) return [];
  return db.event.findMany({
    where: {
      projectId,
      eventId: { in: known.map((k) => k.eventId) },
      receivedAt: { in: known.map((k) => k.receivedAt) },
    },
    select,
  }) as Promise<Prisma.EventGetPayload<{ select: S }>[]>;
}
