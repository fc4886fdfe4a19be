import type { Release } from '@/lib/generated/prisma/client';

export function serializeRelease(r: Release) {
  return {
    id: r.id,
    projectId: r.projectId,
    version: r.version,
    createdAt: r.createdAt.toISOString(),
    firstEventAt: r.firstEventAt?.toISOString() ?? null,
    lastEventAt: r.lastEventAt?.toISOString() ?? null,
    dateReleased: r.dateReleased?.toISOString() ?? null,
    url: r.url,
  };
}
