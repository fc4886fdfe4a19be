import { pagination } from '@/lib/http/query';
import type { ListReleasesQuery } from './schemas';
import { serializeRelease } from './serialize-release';
import { readDb } from '@/lib/replica';

/** The project's releases, newest first (the project is already checked to be the caller's). */
export async function listReleases(projectId: string, q: ListReleasesQuery) {
  const [total, rows] = await Promise.all([
    readDb().release.count({ where: { projectId } }),
    readDb().release.findMany({
      where: { projectId },
      orderBy: [{ createdAt: 'desc' }, { id: 'desc' }],
      skip: (q.page - 1) * q.limit,
      take: q.limit,
    }),
  ]);
  return { releases: rows.map(serializeRelease), pagination: pagination(q.page, q.limit, total) };
}
