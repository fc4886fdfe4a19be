// An organization's teams and members as Sentry's API shows them.
import { db } from '@/lib/db';
import { clock } from '@/lib/clock';
import type { Role } from '@/lib/orgs/roles';
import { accessOf, sentryRole } from './org';
import { projectSummaries } from './projects';
import { usersById } from './users';

const ROLE_NAMES: Record<Role, string> = { OWNER: 'Owner', ADMIN: 'Admin', MEMBER: 'Member' };
const NO_FLAGS = {
  'idp:provisioned': false,
  'idp:role-restricted': false,
  'sso:linked': false,
  'sso:invalid': false,
  'member-limit:restricted': false,
  'partnership:restricted': false,
};

/** Sentry's teams (TeamSerializer with its projects), by name; `isMember` says whether the caller is in it. */
export async function listSentryTeams(orgId: string, caller: { userId: string | null; role: Role }) {
  const teams = await db.team.findMany({
    where: { orgId },
    orderBy: [{ slug: 'asc' }, { id: 'asc' }],
    include: {
      members: { where: { user: { memberships: { some: { orgId } } } }, select: { userId: true } },
      projects: {
        orderBy: [{ createdAt: 'asc' }, { projectId: 'asc' }],
        select: {
          project: { select: { id: true, number: true, slug: true, name: true, platform: true, createdAt: true } },
        },
      },
    },
  });
  const summaries = await projectSummaries(
    [...new Map(teams.flatMap((t) => t.projects.map((p) => [p.project.id, p.project] as const))).values()],
    caller.role,
  );
  const byNumber = new Map(summaries.map((s) => [s.id, s]));
  return teams.map((t) => {
    const isMember = caller.userId !== null && t.members.some((m) => m.userId === caller.userId);
    return {
      id: t.id,
      slug: t.slug,
      name: t.name,
      dateCreated: t.createdAt.toISOString(),
      isMember,
      teamRole: isMember ? 'contributor' : null,
      flags: { 'idp:provisioned': false },
      access: accessOf(caller.role),
      hasAccess: true,
      isPending: false,
      memberCount: t.members.length,
      avatar: { avatarType: 'letter_avatar', avatarUuid: null },
      externalTeams: [],
      projects: t.projects.map((p) => byNumber.get(String(p.project.number))!),
    };
  });
}

/**
 * Sentry's members (OrganizationMemberSerializer): each member with their user and teams, then each pending
 * invitation (`pending: true`, `user: null`), as Sentry lists invited people among the members.
 */
export async function listSentryMembers(orgId: string) {
  const [members, invites, teams] = await Promise.all([
    db.membership.findMany({
      where: { orgId },
      orderBy: [{ createdAt: 'asc' }, { id: 'asc' }],
      select: { id: true, role: true, createdAt: true, userId: true },
    }),
    db.invite.findMany({
      where: { orgId, acceptedAt: null, revokedAt: null },
      orderBy: [{ createdAt: 'asc' }, { id: 'asc' }],
      select: {
        id: true,
        email: true,
        role: true,
        createdAt: true,
        expiresAt: true,
        invitedBy: { select: { name: true } },
      },
    }),
    db.teamMember.findMany({
      where: { team: { orgId } },
      orderBy: [{ createdAt: 'asc' }, { teamId: 'asc' }],
      select: { userId: true, team: { select: { slug: true } } },
    }),
  ]);
  const users = await usersById(members.map((m) => m.userId));
  const teamsOf = (userId: string) => teams.filter((t) => t.userId === userId).map((t) => t.team.slug);
  const now = clock.now();
  const common = (role: Role) => ({
    role: sentryRole(role),
    orgRole: sentryRole(role),
    roleName: ROLE_NAMES[role],
    flags: NO_FLAGS,
  });
  return [
    ...members.flatMap((m) => {
      const user = users.get(m.userId);
      if (!user) return [];
      const slugs = teamsOf(m.userId);
      return [
        {
          id: m.id,
          email: user.email,
          name: user.name,
          user,
          ...common(m.role),
          pending: false,
          expired: false,
          dateCreated: m.createdAt.toISOString(),
          inviteStatus: 'approved',
          inviterName: null,
          teams: slugs,
          teamRoles: slugs.map((teamSlug) => ({ teamSlug, role: null })),
        },
      ];
    }),
    ...invites.map((i) => ({
      id: i.id,
      email: i.email,
      name: i.email,
      user: null,
      ...common(i.role),
      pending: true,
      expired: i.expiresAt <= now,
      dateCreated: i.createdAt.toISOString(),
      inviteStatus: 'approved',
      inviterName: i.invitedBy?.name ?? null,
      teams: [],
      teamRoles: [],
    })),
  ];
}
