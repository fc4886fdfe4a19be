import { db } from '@/lib/db';

export async function listMembers(orgId: string) {
  const rows = await db.membership.findMany({
    where: { orgId },
    orderBy: [{ createdAt: 'asc' }, { id: 'asc' }],
    select: { role: true, createdAt: true, user: { select: { id: true, name: true, email: true, image: true } } },
  });
  return rows.map((m) => ({
    userId: m.user.id,
    name: m.user.name,
    email: m.user.email,
    image: m.user.image,
    role: m.role,
    joinedAt: m.createdAt.toISOString(),
  }));
}

export type MemberSummary = Awaited<ReturnType<typeof listMembers>>[number];
