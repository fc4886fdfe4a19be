import { db } from '@/lib/db';
import { serializeRelease } from './serialize-release';
import { forgetReleases } from './note-release';

/** Creates the release, or answers the existing one (`created: false`): CI may run the step twice. */
export async function createRelease(projectId: string, version: string) {
  const existing = await db.release.findUnique({ where: { projectId_version: { projectId, version } } });
  if (existing) return { created: false, release: serializeRelease(existing) };
  const rows = await db.$queryRaw<{ id: string }[]>`
    INSERT INTO releases (project_id, version) VALUES (${projectId}, ${version})
    ON CONFLICT (project_id, version) DO NOTHING RETURNING id`;
  const release = await db.release.findUniqueOrThrow({ where: { projectId_version: { projectId, version } } });
  return { created: rows.length > 0, release: serializeRelease(release) };
}

export async function deleteRelease(projectId: string, version: string): Promise<boolean> {
  const { count } = await db.release.deleteMany({ where: { projectId, version } });
  forgetReleases();
  return count > 0;
}
