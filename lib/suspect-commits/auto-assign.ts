// Workflow handler (#49): a new issue of a project that asked for it goes to the author of its top suspect commit,
// when that person is a member and nobody (no person, no team: ownership rules run first) has it yet.
import { db } from '@/lib/db';
import type { Prisma } from '@/lib/generated/prisma/client';
import {
  emitWorkflowEvents,
  type AssignmentDetails,
  type WorkflowEvent,
  type WorkflowHandler,
} from '@/lib/workflow/workflow-events';
import { suspectCommits } from './suspect-commits';

/** Assigns the issue of a NEW_ISSUE event when the project's setting is on; safe to run twice for one event. */
export async function assignToSuspectAuthor(event: WorkflowEvent): Promise<void> {
  if (event.type !== 'NEW_ISSUE') return;
  const project = await db.project.findUnique({
    where: { id: event.projectId },
    select: { suspectCommitAutoAssign: true },
  });
  if (!project?.suspectCommitAutoAssign) return;
  const top = (await suspectCommits(event.issueId)).suspects[0];
  if (!top?.member) return;
  const details: AssignmentDetails = {
    source: 'suspect_commit',
    commit: { sha: top.sha, message: top.message, authorEmail: top.authorEmail },
  };
  const assigneeId = top.member.id;
  const assigned = await db.$transaction(async (tx) => {
    // One conditional update: a person or team who got the issue meanwhile (or an earlier run) keeps it.
    const n = await tx.$executeRaw`
      UPDATE issues SET assignee_id = ${assigneeId}, updated_at = now()
      WHERE id = ${event.issueId} AND assignee_id IS NULL AND assigned_team_id IS NULL`;
    if (n === 0) return false;
    await tx.issueActivity.create({
      data: {
        issueId: event.issueId,
        actorId: null,
        type: 'ASSIGNED',
        assigneeId,
        details: details as Prisma.InputJsonValue,
      },
    });
    return true;
  });
  if (!assigned) return;
  await emitWorkflowEvents([
    {
      type: 'ASSIGNED',
      projectId: event.projectId,
      issueId: event.issueId,
      actorId: null,
      assigneeUserId: assigneeId,
      assigneeTeamId: null,
      details,
    },
  ]);
}

export const suspectCommitAssignment: WorkflowHandler = {
  name: 'suspect-commit-assignment',
  on: ['NEW_ISSUE'],
  run: assignToSuspectAuthor,
};
