// The project's suspect-commit setting (#49): whether new issues go to the author of their top suspect commit.
import { z } from 'zod';
import { db } from '@/lib/db';
import { notFound } from '@/lib/errors';
import type { ProjectTenant } from '@/lib/orgs/resolve-tenant';

export const suspectCommitSettingsSchema = z.object({
  autoAssign: z.boolean({ message: 'Must be true or false' }),
});

export type SuspectCommitSettings = z.infer<typeof suspectCommitSettingsSchema>;

export async function getSuspectCommitSettings(t: ProjectTenant): Promise<SuspectCommitSettings> {
  const p = await db.project.findFirst({
    where: { id: t.projectId, orgId: t.orgId },
    select: { suspectCommitAutoAssign: true },
  });
  if (!p) throw notFound('Project');
  return { autoAssign: p.suspectCommitAutoAssign };
}

export async function setSuspectCommitSettings(
  t: ProjectTenant,
  input: SuspectCommitSettings,
): Promise<SuspectCommitSettings> {
  const { count } = await db.project.updateMany({
    where: { id: t.projectId, orgId: t.orgId },
    data: { suspectCommitAutoAssign: input.autoAssign },
  });
  if (count === 0) throw notFound('Project');
  return input;
}
