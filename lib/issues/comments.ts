import { db } from '@/lib/db';
import { AppError, notFound } from '@/lib/errors';
import type { ProjectTenant } from '@/lib/orgs/resolve-tenant';
import { emitWorkflowEvents } from '@/lib/workflow/workflow-events';

export function serializeComment(c: {
  id: string;
  issueId: string;
  body: string;
  createdAt: Date;
  updatedAt: Date;
  author: { id: string; name: string } | null;
}) {
  return {
    id: c.id,
    issueId: c.issueId,
    body: c.body,
    author: c.author ? { id: c.author.id, name: c.author.name } : null,
    edited: c.updatedAt.getTime() !== c.createdAt.getTime(),
    createdAt: c.createdAt.toISOString(),
    updatedAt: c.updatedAt.toISOString(),
  };
}

const withAuthor = { author: { select: { id: true, name: true } } } as const;

async function assertIssue(t: ProjectTenant, issueId: string) {
  const issue = await db.issue.findFirst({
    where: { id: issueId, projectId: t.projectId, project: { orgId: t.orgId } },
    select: { id: true },
  });
  if (!issue) throw notFound('Issue');
}

/** A plain-text comment, with its entry in the issue's activity. */
export async function createComment(t: ProjectTenant, issueId: string, body: string) {
  await assertIssue(t, issueId);
  const comment = await db.$transaction(async (tx) => {
    const c = await tx.issueComment.create({ data: { issueId, authorId: t.userId, body }, include: withAuthor });
    await tx.issueActivity.create({
      data: { issueId, actorId: t.userId, type: 'COMMENT', commentId: c.id, createdAt: c.createdAt },
    });
    return c;
  });
  await emitWorkflowEvents([
    { type: 'COMMENTED', projectId: t.projectId, issueId, actorId: t.userId, commentId: comment.id },
  ]);
  return serializeComment(comment);
}

/** The comment if it is on this issue of this project; only its author may change it (403 otherwise). */
async function ownComment(t: ProjectTenant, issueId: string, commentId: string) {
  const comment = await db.issueComment.findFirst({
    where: { id: commentId, issueId, issue: { projectId: t.projectId, project: { orgId: t.orgId } } },
  });
  if (!comment) throw notFound('Comment');
  // An API token authors nothing, so it changes no comment.
  if (t.userId === null || comment.authorId !== t.userId)
    throw new AppError('FORBIDDEN', 'Only the author can change this comment');
  return comment;
}

export async function editComment({
  t,
  issueId,
  commentId,
  body,
}: {
  t: ProjectTenant;
  issueId: string;
  commentId: string;
  body: string;
}) {
  await ownComment(t, issueId, commentId);
  return serializeComment(
    await db.issueComment.update({ where: { id: commentId }, data: { body }, include: withAuthor }),
  );
}

/** Deleting a comment also removes its line from the timeline (FK cascade). */
export async function deleteComment(t: ProjectTenant, issueId: string, commentId: string): Promise<void> {
  await ownComment(t, issueId, commentId);
  await db.issueComment.delete({ where: { id: commentId } });
}
