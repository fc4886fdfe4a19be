import type { Prisma } from '@/lib/generated/prisma/client';

/** What a team read includes: its members still in the organization, and its projects. */
export function teamInclude(orgId: string) {
  return {
    members: {
      where: { user: { memberships: { some: { orgId } } } },
      orderBy: [{ createdAt: 'asc' }, { userId: 'asc' }],
      select: { createdAt: true, user: { select: { id: true, name: true, email: true } } },
    },
    projects: {
      orderBy: [{ createdAt: 'asc' }, { projectId: 'asc' }],
      select: { createdAt: true, project: { select: { id: true, name: true, slug: true, platform: true } } },
    },
  } satisfies Prisma.TeamInclude;
}

type TeamRow = Prisma.TeamGetPayload<{ include: ReturnType<typeof teamInclude> }>;

export function serializeTeam(t: TeamRow) {
  return {
    id: t.id,
    name: t.name,
    slug: t.slug,
    createdAt: t.createdAt.toISOString(),
    updatedAt: t.updatedAt.toISOString(),
    memberCount: t.members.length,
    projectCount: t.projects.length,
    members: t.members.map((m) => ({
      userId: m.user.id,
      name: m.user.name,
      email: m.user.email,
      addedAt: m.createdAt.toISOString(),
    })),
    projects: t.projects.map((p) => ({
      id: p.project.id,
      name: p.project.name,
      slug: p.project.slug,
      platform: p.project.platform,
      addedAt: p.createdAt.toISOString(),
    })),
  };
}

export type SerializedTeam = ReturnType<typeof serializeTeam>;
