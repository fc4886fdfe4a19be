// Two organizations with issues for the management API's refusal tests (#63), and a snapshot of what a refused
// request could have changed.
import { db } from '@/lib/db';
import { shortIdOf } from '@/lib/sentry-api/ids';
import { signUp } from './accounts';
import { createProject } from './fixtures';
import { issueEnvelope, send } from '../api/ingest-helpers';

export const FORBIDDEN = { detail: 'You do not have permission to perform this action.' };
export const NOT_FOUND = { detail: 'The requested resource does not exist' };

export type Org = {
  slug: string;
  project: Awaited<ReturnType<typeof createProject>>;
  issue: { number: string; shortId: string; eventId: string };
};
export async function orgWithIssue(
  name: string,
  eventId: string,
): Promise<Org & { owner: Awaited<ReturnType<typeof signUp>> }> {
  const owner = await signUp({ name });
  const project = await createProject(owner.client, `${name} shop`);
  const slug = (await db.organization.findUniqueOrThrow({ where: { id: owner.orgId } })).slug;
  for (const type of ['CartError', 'TaxError'])
    await send({
      client: owner.client,
      projectId: project.id,
      key: project.keys[0].publicKey,
      body: issueEnvelope(type, {
        event_id: type === 'CartError' ? eventId : undefined,
        contexts: { trace: { trace_id: eventId, span_id: 'b'.repeat(16) } },
      }),
    });
  const issue = await db.issue.findFirstOrThrow({
    where: { projectId: project.id, title: { startsWith: 'CartError' } },
  });
  const shortId = shortIdOf(project.slug, issue.number);
  return { owner, slug, project, issue: { number: String(issue.number), shortId, eventId } };
}

/** Everything a refused request could have changed in the organization. */
export async function snapshot(projectId: string) {
  return {
    issues: await db.issue.findMany({
      where: { projectId },
      orderBy: { number: 'asc' },
      select: { number: true, status: true, assigneeId: true, eventCount: true, updatedAt: true },
    }),
    marks: (await db.issueBookmark.count()) + (await db.issueSeen.count()),
    activity: await db.issueActivity.count({ where: { issue: { projectId } } }),
  };
}
