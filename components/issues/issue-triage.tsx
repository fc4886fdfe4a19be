'use client';

import { useState, type FormEvent } from 'react';
import { ApiError } from '@/lib/swr/fetcher';
import { useMe } from '@/lib/swr/use-me';
import { useMembers } from '@/lib/swr/use-team';
import { useTeams } from '@/lib/swr/use-teams';
import {
  addComment,
  assignIssue,
  deleteComment,
  editComment,
  useActivity,
  type ActivityEntry,
  type AssignTarget,
  type IssueWithEvents,
} from '@/lib/swr/use-issues';
import { linkSegments } from '@/lib/text/link-segments';
import { Button } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { Label } from '@/components/ui/label';
import { Textarea } from '@/components/ui/textarea';
import { Select } from '@/components/ui/select';
import { FormError } from '@/components/ui/form-error';
import { useToast } from '@/components/ui/toast';
import { RelativeTime } from '@/components/ui/relative-time';
import { LoadError, Skeleton } from '@/components/ui/states';
import { titleCase } from './badges';
import { AssignmentReason, automaticAssignmentTitle } from './assignment-reason';

const failure = (err: unknown) =>
  err instanceof ApiError ? err.summary() : 'Could not reach the server. Check your connection and try again.';

/** The issue's timeline (status changes, assignments, comments) with the comment box. */
export function IssueActivity({ projectId, issueId }: { projectId: string; issueId: string }) {
  return (
    <Card className="space-y-6">
      <Timeline projectId={projectId} issueId={issueId} />
      <CommentBox projectId={projectId} issueId={issueId} />
    </Card>
  );
}

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
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string>();
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
    setBusy(true);
    setError(undefined);
    try {
      await assignIssue(projectId, issue.id, targetOf(value));
      const name = nameOf(value);
      toast.show({
        message: name ? `Assigned to ${name}` : 'Issue unassigned',
        undo: async () => {
          try {
            await assignIssue(projectId, issue.id, targetOf(before));
          } catch (err) {
            toast.show({ tone: 'error', message: failure(err) });
          }
        },
      });
    } catch (err) {
      setError(failure(err));
    } finally {
      setBusy(false);
    }
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

function describe(a: ActivityEntry): string {
  const automatic = automaticAssignmentTitle(a);
  if (automatic) return automatic;
  const who = a.actor?.name ?? 'Someone';
  switch (a.type) {
    case 'FIRST_SEEN':
      return 'First seen';
    case 'STATUS':
      // Without an actor: the ignore condition was met and the issue came back by itself.
      if (!a.actor && a.fromStatus === 'IGNORED')
        return 'Came back by itself: the condition it was ignored until was met';
      return `${who} marked it ${titleCase(a.toStatus ?? '').toLowerCase()}`;
    case 'REGRESSED':
      return 'Regressed: a new event arrived after it was resolved';
    case 'ASSIGNED':
      if (a.assigneeTeam) return `${who} assigned it to #${a.assigneeTeam.slug}`;
      return a.assignee
        ? a.assignee.id === a.actor?.id
          ? `${who} took it`
          : `${who} assigned it to ${a.assignee.name}`
        : `${who} unassigned it`;
    case 'COMMENT':
      return `${who} commented`;
    case 'MERGED':
      return a.actor ? `${who} merged another issue into this one` : 'Events of a merged issue were folded in';
  }
}

function Timeline({ projectId, issueId }: { projectId: string; issueId: string }) {
  const { activity, error } = useActivity(projectId, issueId);
  return (
    <section aria-labelledby="activity-heading" className="space-y-3">
      <h2 id="activity-heading" className="text-base font-semibold">
        Activity
      </h2>
      {error && <LoadError what="the activity" error={error} />}
      {!activity && !error && <Skeleton className="h-16" />}
      {activity && (
        <ol className="space-y-3 border-l border-line pl-4" data-testid="timeline">
          {activity.map((a) => (
            <li key={a.id} className="relative text-sm" data-testid="timeline-entry" data-type={a.type}>
              <span
                aria-hidden="true"
                className="absolute top-1.5 -left-[21px] size-2.5 rounded-full border border-line-strong bg-surface"
              />
              <p className="flex flex-wrap items-baseline gap-x-2">
                <span className="font-medium">{describe(a)}</span>
                <RelativeTime iso={a.createdAt} className="text-xs text-fg-muted" />
              </p>
              <AssignmentReason entry={a} />
              {a.type === 'COMMENT' && a.comment && (
                <CommentBody projectId={projectId} issueId={issueId} comment={a.comment} />
              )}
            </li>
          ))}
        </ol>
      )}
    </section>
  );
}

type Comment = NonNullable<Extract<ActivityEntry, { comment?: unknown }>['comment']>;

function CommentBody({ projectId, issueId, comment }: { projectId: string; issueId: string; comment: Comment }) {
  const { me } = useMe();
  const [editing, setEditing] = useState(false);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string>();
  const mine = me?.id === comment.author?.id;

  async function save(e: FormEvent<HTMLFormElement>) {
    e.preventDefault();
    const body = String(new FormData(e.currentTarget).get('body') ?? '');
    setBusy(true);
    setError(undefined);
    try {
      await editComment({ projectId, issueId, commentId: comment.id, body });
      setEditing(false);
    } catch (err) {
      setError(failure(err));
    } finally {
      setBusy(false);
    }
  }
  async function remove() {
    if (!window.confirm('Delete this comment?')) return;
    setBusy(true);
    try {
      await deleteComment(projectId, issueId, comment.id);
    } catch (err) {
      setError(failure(err));
      setBusy(false);
    }
  }

  if (editing) {
    return (
      <form onSubmit={save} className="mt-2 space-y-2">
        <label htmlFor={`edit-${comment.id}`} className="sr-only">
          Edit comment
        </label>
        <Textarea id={`edit-${comment.id}`} name="body" rows={3} defaultValue={comment.body} />
        <FormError message={error} />
        <div className="flex gap-2">
          <Button type="submit" loading={busy} className="h-8 px-3">
            Save
          </Button>
          <Button variant="ghost" className="h-8 px-3" onClick={() => setEditing(false)}>
            Cancel
          </Button>
        </div>
      </form>
    );
  }
  return (
    <div className="mt-1.5 rounded-md border border-line bg-surface-muted px-3 py-2">
      <p className="text-sm break-words whitespace-pre-wrap" data-testid="comment-body">
        {linkSegments(comment.body).map((s, i) =>
          s.kind === 'link' ? (
            <a
              key={i}
              href={s.value}
              target="_blank"
              rel="noopener noreferrer nofollow"
              className="text-link underline underline-offset-2"
            >
              {s.value}
            </a>
          ) : (
            <span key={i}>{s.value}</span>
          ),
        )}
      </p>
      {comment.edited && <p className="mt-1 text-xs text-fg-muted">(edited)</p>}
      {mine && (
        <div className="mt-1 flex gap-1">
          <Button variant="ghost" className="h-7 px-2 text-xs" disabled={busy} onClick={() => setEditing(true)}>
            Edit
          </Button>
          <Button variant="danger-ghost" className="h-7 px-2 text-xs" disabled={busy} onClick={remove}>
            Delete
          </Button>
        </div>
      )}
      <FormError message={error} />
    </div>
  );
}

function CommentBox({ projectId, issueId }: { projectId: string; issueId: string }) {
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string>();
  async function submit(e: FormEvent<HTMLFormElement>) {
    e.preventDefault();
    const form = e.currentTarget;
    const body = String(new FormData(form).get('body') ?? '');
    setBusy(true);
    setError(undefined);
    try {
      await addComment(projectId, issueId, body);
      form.reset();
    } catch (err) {
      setError(err instanceof ApiError && err.fieldErrors().body ? err.fieldErrors().body : failure(err));
    } finally {
      setBusy(false);
    }
  }
  return (
    <form onSubmit={submit} className="space-y-2">
      <Label htmlFor="new-comment">Comment</Label>
      <Textarea
        id="new-comment"
        name="body"
        rows={3}
        maxLength={10_000}
        placeholder="Plain text; links become clickable."
      />
      <FormError message={error} />
      <Button type="submit" loading={busy}>
        Comment
      </Button>
    </form>
  );
}
