// Why an automatic assignment was made (#49), under its activity entry: the ownership rule or CODEOWNERS line as
// written, or the suspect commit.
import type { ActivityEntry } from '@/lib/swr/use-issues';
import type { AssignmentDetails } from '@/lib/workflow/workflow-events';

/** The details of an assignment nobody made by hand, else null. */
function automatic(a: ActivityEntry): AssignmentDetails | null {
  return a.type === 'ASSIGNED' && !a.actor && 'details' in a ? (a.details ?? null) : null;
}

/** "Assigned to #payments" / "Assigned to Alice" for an automatic assignment, else null. */
export function automaticAssignmentTitle(a: ActivityEntry): string | null {
  if (!automatic(a)) return null;
  const team = 'assigneeTeam' in a ? a.assigneeTeam : null;
  const person = 'assignee' in a ? a.assignee : null;
  return `Assigned to ${team ? `#${team.slug}` : (person?.name ?? 'a member')}`;
}

export function AssignmentReason({ entry }: { entry: ActivityEntry }) {
  const details = automatic(entry);
  if (!details) return null;
  const { source, rule, commit } = details;
  const by =
    source === 'ownership' ? 'by ownership rule' : source === 'codeowners' ? 'by CODEOWNERS line' : 'as the author of';
  return (
    <p className="mt-0.5 text-sm text-fg-muted" data-testid="assignment-reason">
      {by}{' '}
      {source === 'suspect_commit' ? (
        <span>
          suspect commit <code className="font-mono text-xs">{commit?.sha.slice(0, 7)}</code>
          {commit?.message ? ` (${commit.message.split('\n')[0]})` : ''}
        </span>
      ) : (
        <code className="rounded bg-surface-muted px-1 font-mono text-xs break-all text-fg">{rule}</code>
      )}
    </p>
  );
}
