import crypto from 'node:crypto';
import { db } from '@/lib/db';
import { TestClient } from './client';
import { PASSWORD, signUp, uniqueEmail } from './accounts';
import { createProject, setPlan } from './fixtures';

export type Role = 'OWNER' | 'ADMIN' | 'MEMBER';

export const tokenOf = (url: string) => decodeURIComponent(url.split('/invite/')[1]);
export const invitePath = (token: string) => `/api/v1/invites/${encodeURIComponent(token)}`;

/** Invites a new address with `role` as `inviter`, and signs the invitee up from the link; returns their client. */
export async function inviteAndJoin(inviter: TestClient, role: Role, name = `${role.toLowerCase()} user`) {
  const email = uniqueEmail(role.toLowerCase());
  const inv = await inviter.post('/api/v1/organization/invites', { email, role });
  if (inv.status !== 201) throw new Error(`invite failed: ${inv.status} ${inv.text}`);
  const client = new TestClient();
  const reg = await client.post(`/api/v1/invites/${encodeURIComponent(tokenOf(inv.body.data.url))}/register`, {
    name,
    password: PASSWORD,
  });
  if (reg.status !== 201) throw new Error(`register from invite failed: ${reg.status} ${reg.text}`);
  return { client, email, userId: reg.body.data.id as string };
}

/** An issue in the project, made directly (ingest is not what these tests are about). */
export async function seedIssue(projectId: string, title = 'TypeError: boom') {
  const now = new Date();
  return db.issue.create({
    data: {
      projectId,
      fingerprint: crypto.randomBytes(8).toString('hex'),
      title,
      culprit: 'app.js in f',
      eventCount: 1,
      firstSeen: now,
      lastSeen: now,
    },
  });
}

/** Everything an action could change in an organization, to prove a refused or foreign call changed nothing. */
export async function orgState(orgId: string) {
  const [org, members, invites, projects] = await Promise.all([
    db.organization.findUnique({ where: { id: orgId } }),
    db.membership.findMany({ where: { orgId }, orderBy: { id: 'asc' } }),
    db.invite.findMany({ where: { orgId }, orderBy: { id: 'asc' } }),
    db.project.findMany({
      where: { orgId },
      orderBy: { id: 'asc' },
      include: {
        keys: { orderBy: { id: 'asc' } },
        alertRules: { orderBy: { id: 'asc' } },
        issues: {
          orderBy: { id: 'asc' },
          include: { comments: { orderBy: { id: 'asc' } }, activities: { orderBy: { id: 'asc' } } },
        },
      },
    }),
  ]);
  // Issue numbers are bigints, which JSON has no form for: compared as their text.
  return JSON.parse(
    JSON.stringify({ org, members, invites, projects }, (_k, v: unknown) => (typeof v === 'bigint' ? v.toString() : v)),
  );
}

export const TEAMS = '/api/v1/organization/teams';

/** An organization on the PRO plan: its owner, a project, an ADMIN and a MEMBER who joined from invites. */
export async function org() {
  const owner = await signUp({ name: 'Olga Owner' });
  await setPlan(owner.orgId, 'PRO');
  const ownerId = owner.user.id as string;
  const project = await createProject(owner.client, 'Checkout');
  const admin = await inviteAndJoin(owner.client, 'ADMIN', 'Ada Admin');
  const member = await inviteAndJoin(owner.client, 'MEMBER', 'Mo Member');
  return { owner, ownerId, project, admin, member };
}

export async function createTeam(client: TestClient, name: string) {
  const res = await client.post(TEAMS, { name });
  if (res.status !== 201) throw new Error(`team create failed: ${res.status} ${res.text}`);
  return res.body.data as { id: string; name: string; slug: string };
}

/** Every team row of the organization with its members and projects, and its audit entries. */
export async function teamState(orgId: string) {
  const [teams, audit] = await Promise.all([
    db.team.findMany({
      where: { orgId },
      orderBy: { id: 'asc' },
      include: { members: { orderBy: { userId: 'asc' } }, projects: { orderBy: { projectId: 'asc' } } },
    }),
    db.auditLogEntry.count({ where: { orgId, action: { startsWith: 'team.' } } }),
  ]);
  return JSON.parse(JSON.stringify({ teams, audit, org: await orgState(orgId) }));
}

/** The audit entries of one team, oldest first. */
export const auditOf = (orgId: string, teamId: string) =>
  db.auditLogEntry.findMany({
    where: { orgId, targetType: 'team', targetId: teamId },
    orderBy: [{ createdAt: 'asc' }, { id: 'asc' }],
    select: { action: true, actorId: true, targetLabel: true, changes: true },
  });
