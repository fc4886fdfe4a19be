'use client';

import { errorMessage } from '@/lib/swr/fetcher';
import { useMembers } from '@/lib/swr/use-team';
import { useTeams } from '@/lib/swr/use-teams';
import { assignIssue, type AssignTarget, type IssueWithEvents } from '@/lib/swr/use-issues';
import { FormError } from '@/components/ui/form-error';
import { Label } from '@/components/ui/label';
import { Select } from '@/components/ui/select';
import { useToast } from '@/components/ui/toast';
import { useAction } from '@/components/ui/use-action';

const TEAM = 'team:';
/** The picker's value for the issue's assignee: a member's id, `team:<id>` for a team, or '' for nobody. */
const pickedOf = (issue: IssueWithEvents) =>
  issue.assignedTeam ? `${TEAM}${issue.assignedTeam.id}` : (issue.assignee?.id ?? '');
const targetOf = (value: string): AssignTarget =>
  value.startsWith(TEAM) ? { teamId: value.slice(TEAM.length) } : { assigneeId: value || null };

/** Who the issue is assigned to, a member or a team (any member can triage): a label beside its picker, for the page's header. */
export function AssigneePicker({ projectId, issue }: { projectId: string; issue: IssueWithEvents }) {
  const { members } = useMembers();
  const { teams } = useTeams();
  const { busy, error, run } = useAction();
  const toast = useToast();
  const nameOf = (value: string) => {
    if (value === '') return null;
    if (value.startsWith(TEAM)) {
      const id = value.slice(TEAM.length);
      return `#${teams?.find((t) => t.id === id)?.slug ?? issue.assignedTeam?.slug ?? 'team'}`;
    }
    return members?.find((m) => m.userId === value)?.name ?? issue.assignee?.name ?? 'a member';
  };
  async function change(value: string) {
    const before = pickedOf(issue);
    if (!(await run(() => assignIssue(projectId, issue.id, targetOf(value))))) return;
    const name = nameOf(value);
    toast.show({
      message: name ? `Assigned to ${name}` : 'Issue unassigned',
      undo: async () => {
        try {
          await assignIssue(projectId, issue.id, targetOf(before));
        } catch (err) {
          toast.show({ tone: 'error', message: errorMessage(err) });
        }
      },
    });
  }
  return (
    <div className="space-y-1">
      <div className="flex items-center gap-2">
        <Label htmlFor="assignee" className="shrink-0">
          Assignee
        </Label>
        <Select
          id="assignee"
          className="w-full min-w-0 sm:w-56"
          value={pickedOf(issue)}
          disabled={busy || !members}
          onChange={(e) => change(e.target.value)}
          data-testid="assignee-picker"
        >
          <option value="">Unassigned</option>
          <optgroup label="Members">
            {issue.assignee && !members?.some((m) => m.userId === issue.assignee?.id) && (
              <option value={issue.assignee.id}>{issue.assignee.name}</option>
            )}
            {members?.map((m) => (
              <option key={m.userId} value={m.userId}>
                {m.name}
              </option>
            ))}
          </optgroup>
          {(teams?.length || issue.assignedTeam) && (
            <optgroup label="Teams">
              {issue.assignedTeam && !teams?.some((t) => t.id === issue.assignedTeam?.id) && (
                <option value={`${TEAM}${issue.assignedTeam.id}`}>#{issue.assignedTeam.slug}</option>
              )}
              {teams?.map((t) => (
                <option key={t.id} value={`${TEAM}${t.id}`}>
                  #{t.slug}
                </option>
              ))}
            </optgroup>
          )}
        </Select>
      </div>
      <FormError message={error} />
    </div>
  );
}
