'use client';

import { Card } from '@/components/ui/card';
import { LoadError, Skeleton } from '@/components/ui/states';
import { useSuspectCommits, type NoSuspectsReason, type SuspectCommit } from '@/lib/swr/use-suspect-commits';
import { RelativeTime } from '@/components/ui/relative-time';

const WHY_NONE: Record<NoSuspectsReason, string> = {
  NO_RELEASE:
    'The first event named no release. Send the release from the SDK and its commits with sentry-cli releases set-commits.',
  NO_COMMITS: 'Its release has no commits. Send them with sentry-cli releases set-commits --auto.',
  NO_STACKTRACE: 'The first event has no stack trace to match against the changed files.',
  NO_MATCH: "No commit of its release changed a file in the stack trace's in-app frames.",
};

/** "Ada Lovelace" → "AL"; an email's name part when there is no name. */
export function initialsOf(name: string | null, email: string | null): string {
  const source = (name ?? email?.split('@')[0] ?? '?').trim();
  const words = source.split(/[\s._-]+/).filter(Boolean);
  const letters = words.length > 1 ? words[0][0] + words[words.length - 1][0] : source.slice(0, 2);
  return letters.toUpperCase() || '?';
}

/** The commits most likely to have caused the issue, with their authors (Sentry's "Suspect commits"). */
export function SuspectCommits({ projectId, issueId }: { projectId: string; issueId: string }) {
  const { suspects, error, isLoading } = useSuspectCommits(projectId, issueId);
  return (
    <Card>
      <section aria-labelledby="suspect-commits-heading" className="space-y-3" data-testid="suspect-commits">
        <h2 id="suspect-commits-heading" className="text-base font-semibold">
          Suspect commits
        </h2>
        {error ? (
          <LoadError what="the suspect commits" error={error} />
        ) : isLoading || !suspects ? (
          <Skeleton className="h-16" />
        ) : suspects.suspects.length === 0 ? (
          <p className="text-sm text-fg-muted" data-testid="suspect-commits-empty">
            No suspect commits. {suspects.reason ? WHY_NONE[suspects.reason] : null}
          </p>
        ) : (
          <ol className="space-y-3">
            {suspects.suspects.map((c) => (
              <SuspectRow key={c.sha} commit={c} />
            ))}
          </ol>
        )}
      </section>
    </Card>
  );
}

function SuspectRow({ commit: c }: { commit: SuspectCommit }) {
  const author = c.authorName ?? c.authorEmail ?? 'Unknown author';
  const firstLine = c.message?.split('\n')[0].trim() || '(no message)';
  const line = c.frame.lineno ? `:${c.frame.lineno}` : '';
  return (
    <li className="flex min-w-0 gap-3" data-testid="suspect-commit">
      <span
        aria-hidden="true"
        className="flex size-8 shrink-0 items-center justify-center rounded-full bg-surface-hover text-xs font-semibold text-fg-secondary"
      >
        {initialsOf(c.authorName, c.authorEmail)}
      </span>
      <div className="min-w-0 flex-1 space-y-0.5 text-sm">
        <p className="font-medium break-words" data-testid="suspect-commit-message">
          {firstLine}
        </p>
        <p className="text-fg-muted">
          <span className="font-medium text-fg" data-testid="suspect-commit-author">
            {author}
          </span>
          {c.member ? ' (member)' : null}
          {' · '}
          {c.url ? (
            <a
              href={c.url}
              target="_blank"
              rel="noreferrer noopener"
              className="text-link hover:underline"
              data-testid="suspect-commit-link"
            >
              <code className="font-mono text-xs" title={c.sha}>
                {c.sha.slice(0, 7)}
              </code>
            </a>
          ) : (
            <code className="font-mono text-xs" title={c.sha}>
              {c.sha.slice(0, 7)}
            </code>
          )}
          {c.committedAt ? (
            <>
              {' · '}
              <RelativeTime iso={c.committedAt} />
            </>
          ) : null}
        </p>
        <p className="font-mono text-xs break-all text-fg-muted" data-testid="suspect-commit-file">
          {c.file.path}
          {line}
          {c.frame.function ? <span className="font-sans"> in {c.frame.function}</span> : null}
        </p>
      </div>
    </li>
  );
}
