import crypto from 'node:crypto';
import { db } from '@/lib/db';
import { TestClient } from './client';
import { PASSWORD, uniqueEmail } from './accounts';

export type Role = 'OWNER' | 'ADMIN' | 'MEMBER';

export const tokenOf = (url: string) => decodeURIComponent(url.split('/invite/')[1]);

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
