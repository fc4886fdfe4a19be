import { pagination } from '@/lib/http/query';
import type { ListReleasesQuery } from './schemas';
import { serializeRelease } from './serialize-release';
import { readDb } from '@/lib/replica';
import { releaseCounts } from './release-columns';

/** The project's releases, newest first, with their new issues, commits and deploys (the project is already checked to be the caller's). */
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
  const counts = await releaseCounts(projectId, rows);
  return {
    releases: rows.map((r) => ({ ...serializeRelease(r), ...counts.get(r.id)! })),
    pagination: pagination(q.page, q.limit, total),
  };
}
