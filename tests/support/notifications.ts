// The world of the notification tests (#49) and the calls they make in it.
import { db } from '@/lib/db';
import { env } from '@/lib/env';
import { signUp } from './accounts';
import type { TestClient } from './client';
import { createProject } from './fixtures';
import { inviteAndJoin, seedIssue } from './teams';

/** An owner, a project with a team (two members), an issue. */
export async function world() {
  const owner = await signUp({ name: 'Owner Olga' });
  const project = await createProject(owner.client, 'Checkout');
  const mo = await inviteAndJoin(owner.client, 'MEMBER', 'Member Mo');
  const pat = await inviteAndJoin(owner.client, 'MEMBER', 'Member Pat');
  const team = await db.team.create({
    data: {
      orgId: owner.orgId,
      name: 'Payments',
      slug: 'payments',
      members: { create: [{ userId: mo.userId }, { userId: pat.userId }] },
      projects: { create: [{ projectId: project.id }] },
    },
  });
  const issue = await seedIssue(project.id, 'TypeError: cart is undefined');
  const path = `/api/v1/projects/${project.id}/issues/${issue.id}`;
  const url = `${env.appUrl}/projects/${project.id}/issues/${issue.id}`;
  return { owner, ownerId: owner.user.id as string, project, mo, pat, team, issue, path, url };
}
export type World = Awaited<ReturnType<typeof world>>;

export const resolve = (w: World, client: TestClient = w.owner.client) =>
  client.request('PATCH', w.path, { body: { status: 'RESOLVED' } });
export const comment = (w: World, client: TestClient, body: string) => client.post(`${w.path}/comments`, { body });
