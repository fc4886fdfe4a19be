// Auto-assignment by ownership (#49): a new issue goes to the first owner of the rule that wins for its event
// (lib/ownership/owners-of.ts), when the project has auto-assignment on and nobody has the issue yet. One conditional
// UPDATE decides, so a retried job, a second worker or a person assigning at the same moment never makes it twice.
import { db } from '@/lib/db';
import { clock } from '@/lib/clock';
import { emitWorkflowEvents, type AssignmentDetails, type WorkflowHandler } from '@/lib/workflow/workflow-events';
import { latestEventFacts, ownersOfFacts, projectRules } from './owners-of';

/** Assigns the issue to its owner; true when this call assigned it. */
export async function autoAssignByOwnership(issueId: string): Promise<boolean> {
  const issue = await db.issue.findUnique({
    where: { id: issueId },
    select: { projectId: true, assigneeId: true, assignedTeamId: true },
  });
  if (!issue || issue.assigneeId || issue.assignedTeamId) return false;
  const rules = await projectRules(issue.projectId);
  if (!rules?.autoAssignment || !rules.rules.length) return false;
  const facts = await latestEventFacts(issueId);
  if (!facts) return false;
  const [first] = await ownersOfFacts(rules.orgId, rules.rules, facts);
  if (!first) return false;
  const assigneeUserId = first.owner.type === 'user' ? first.owner.userId : null;
  const assigneeTeamId = first.owner.type === 'team' ? first.owner.teamId : null;
  const details: AssignmentDetails = { source: first.source, rule: first.rule };
  const now = clock.now();
  const assigned = await db.$transaction(async (tx) => {
    const updated = await tx.$executeRaw`
      UPDATE issues SET assignee_id = ${assigneeUserId}, assigned_team_id = ${assigneeTeamId}, updated_at = ${now}
       WHERE id = ${issueId} AND assignee_id IS NULL AND assigned_team_id IS NULL`;
    if (updated !== 1) return false;
    await tx.issueActivity.create({
      data: {
        issueId,
        actorId: null,
        type: 'ASSIGNED',
        assigneeId: assigneeUserId,
        assigneeTeamId,
        details,
        createdAt: now,
      },
    });
    return true;
  });
  if (assigned)
    await emitWorkflowEvents([
      { type: 'ASSIGNED', projectId: issue.projectId, issueId, actorId: null, assigneeUserId, assigneeTeamId, details },
    ]);
  return assigned;
}

export const ownershipAssignment: WorkflowHandler = {
  name: 'ownership-auto-assignment',
  on: ['NEW_ISSUE'],
  run: async (event) => {
    await autoAssignByOwnership(event.issueId);
  },
};
