import { db } from '@/lib/db';
import { notFound } from '@/lib/errors';
import type { Role } from './roles';

/** `userId` is null for an API token (it acts for its organization, attributed to nobody); `tokenId` names it. */
export type OrgTenant = { orgId: string; userId: string | null; role: Role; tokenId?: string };
export type ProjectTenant = OrgTenant & { projectId: string };

/** The caller's role in the organization; not a member → 404 (the organization is not theirs to see). */
export async function resolveOrgTenant(userId: string, orgId: string | null): Promise<OrgTenant> {
  if (!orgId) throw notFound('Organization');
  const membership = await db.membership.findUnique({
    where: { orgId_userId: { orgId, userId } },
    select: { role: true },
  });
  if (!membership) throw notFound('Organization');
  return { orgId, userId, role: membership.role };
}

/**
 * The one project-in-organization check: the caller's role and the project, in one query, 404 unless
 * the project belongs to an organization the caller is a member of and has active.
 */
export async function resolveProjectTenant(
  userId: string,
  orgId: string | null,
  projectId: string,
): Promise<ProjectTenant> {
  if (!orgId) throw notFound('Organization');
  const membership = await db.membership.findUnique({
    where: { orgId_userId: { orgId, userId } },
    select: { role: true, organization: { select: { projects: { where: { id: projectId }, select: { id: true } } } } },
  });
  if (!membership) throw notFound('Organization');
  if (membership.organization.projects.length === 0) throw notFound('Project');
  return { orgId, userId, role: membership.role, projectId };
}

/** An API token acts in its own organization as an ADMIN at most (never an OWNER-only action). */
export async function resolveTokenTenant({
  tokenId,
  orgId,
  role,
  projectId,
}: {
  tokenId: string;
  orgId: string;
  role: Role;
  projectId: string | undefined;
}): Promise<OrgTenant | ProjectTenant> {
  const tenant: OrgTenant = { orgId, userId: null, role, tokenId };
  if (projectId === undefined) return tenant;
  const project = await db.project.findFirst({ where: { id: projectId, orgId }, select: { id: true } });
  if (!project) throw notFound('Project');
  return { ...tenant, projectId };
}
