// A project's performance issue settings (#62): read and changed from its settings. Ingest reads them with the key
// (lib/ingest/admit/resolve-key.ts); a change drops this instance's cached keys of the project at once.
import { db } from '@/lib/db';
import { notFound } from '@/lib/errors';
import type { Prisma } from '@/lib/generated/prisma/client';
import type { ProjectTenant } from '@/lib/orgs/resolve-tenant';
import { keysChanged } from '@/lib/key-changes';
import type { UpdatePerformanceSettings } from '@/lib/zod/performance-issues';
import { performanceSettingsOf, type PerformanceSettings } from './types';

async function projectOf(t: ProjectTenant) {
  const p = await db.project.findFirst({
    where: { id: t.projectId, orgId: t.orgId },
    select: { id: true, performanceIssues: true, keys: { select: { publicKey: true } } },
  });
  if (!p) throw notFound('Project');
  return p;
}

export async function getPerformanceSettings(t: ProjectTenant): Promise<PerformanceSettings> {
  return performanceSettingsOf((await projectOf(t)).performanceIssues);
}

export async function updatePerformanceSettings(
  t: ProjectTenant,
  input: UpdatePerformanceSettings,
): Promise<PerformanceSettings> {
  const p = await projectOf(t);
  const settings = { ...performanceSettingsOf(p.performanceIssues), ...input };
  await db.project.update({
    where: { id: p.id },
    data: { performanceIssues: settings as Prisma.InputJsonValue },
  });
  keysChanged(p.keys.map((k) => k.publicKey));
  return settings;
}
