import { db } from '@/lib/db';

export async function getOrganizationSummary(orgId: string) {
  return db.organization.findUnique({ where: { id: orgId }, select: { id: true, name: true, slug: true, plan: true } });
}
