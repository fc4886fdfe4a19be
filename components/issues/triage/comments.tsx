'use client';

import { useState, type FormEvent } from 'react';
import { ApiError, errorMessage } from '@/lib/swr/fetcher';
import { useMe } from '@/lib/swr/use-me';
import { addComment, deleteComment, editComment, type ActivityEntry } from '@/lib/swr/use-issues';
import { linkSegments } from '@/lib/text/link-segments';
import { Button } from '@/components/ui/button';
import { ExternalLink } from '@/components/ui/external-link';
import { FormError } from '@/components/ui/form-error';
import { Label } from '@/components/ui/label';
import { Textarea } from '@/components/ui/textarea';
import { useAction } from '@/components/ui/use-action';

export type Comment = NonNullable<Extract<ActivityEntry, { comment?: unknown }>['comment']>;

/** A comment in the timeline; its author may edit or delete it. */
export function CommentBody({ projectId, issueId, comment }: { projectId: string; issueId: string; comment: Comment }) {
  const { me } = useMe();
  const [editing, setEditing] = useState(false);
  const { busy, error, run } = useAction();
  const mine = me?.id === comment.author?.id;

  async function save(e: FormEvent<HTMLFormElement>) {
    e.preventDefault();
    const body = String(new FormData(e.currentTarget).get('body') ?? '');
    if (await run(() => editComment({ projectId, issueId, commentId: comment.id, body }))) setEditing(false);
  }
  async function remove() {
    if (window.confirm('Delete this comment?')) await run(() => deleteComment(projectId, issueId, comment.id));
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
            <ExternalLink key={i} href={s.value}>
              {s.value}
            </ExternalLink>
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

/** A new comment: plain text, links made clickable when shown. */
export function CommentBox({ projectId, issueId }: { projectId: string; issueId: string }) {
  const { busy, error, run } = useAction();
  async function submit(e: FormEvent<HTMLFormElement>) {
    e.preventDefault();
    const form = e.currentTarget;
    const body = String(new FormData(form).get('body') ?? '');
    const done = await run(
      () => addComment(projectId, issueId, body),
      (err) => (err instanceof ApiError && err.fieldErrors().body) || errorMessage(err),
    );
    if (done) form.reset();
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
