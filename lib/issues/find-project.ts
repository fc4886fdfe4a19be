import { db } from '@/lib/db';
import { notFound } from '@/lib/errors';

/** 404 unless the project belongs to the organization. */
export async function assertProjectInOrg(orgId: string, projectId: string): Promise<void> {
  const project = await db.project.findFirst({ where: { id: projectId, orgId }, select: { id: true } });
  if (!project) throw notFound('Project');
}
