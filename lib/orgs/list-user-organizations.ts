import { db } from '@/lib/db';

/** Every organization the user belongs to, with their role in it, oldest membership first. */
export async function listUserOrganizations(userId: string) {
  const rows = await db.membership.findMany({
    where: { userId },
    orderBy: [{ createdAt: 'asc' }, { id: 'asc' }],
    select: { role: true, organization: { select: { id: true, name: true, slug: true, plan: true } } },
  });
  return rows.map((m) => ({ ...m.organization, role: m.role }));
}
