'use client';

import Link from 'next/link';
import { useIssueTags, type IssueTagSummary } from '@/lib/swr/use-issues';
import { Card } from '@/components/ui/card';
import { plural } from '@/lib/text/plural';

type Tag = IssueTagSummary['tags'][number];

/** A value as a search term: quoted when it holds a space, a quote or a `*`. */
export function searchTerm(key: string, value: string) {
  return /[\s"*]/.test(value) || value === ''
    ? `${key}:"${value.replace(/["\\]/g, (c) => `\\${c}`)}"`
    : `${key}:${value}`;
}

/** The issue's facts from the rollups: users affected, environments and releases seen, each tag's top values with their share. */
export function IssueTags({ projectId, issueId }: { projectId: string; issueId: string }) {
  const { tags, error, isLoading } = useIssueTags(projectId, issueId);
  if (error) return null;
  if (isLoading || !tags) return null;
  const environments = tags.tags.find((t) => t.key === 'environment');
  const releases = tags.tags.find((t) => t.key === 'release');
  const rest = tags.tags.filter((t) => t.key !== 'environment' && t.key !== 'release');
  const listHref = (key: string, value: string) =>
    `/projects/${encodeURIComponent(projectId)}/issues?${new URLSearchParams({ query: searchTerm(key, value) })}`;
  return (
    <section aria-labelledby="tags-heading" className="space-y-3" data-testid="issue-tags">
      <h2 id="tags-heading" className="text-lg font-semibold">
        Across all events
      </h2>
      <dl className="grid grid-cols-1 gap-4 sm:grid-cols-3">
        <Card className="p-4">
          <dt className="text-xs font-medium tracking-wide text-fg-muted uppercase">Users affected</dt>
          <dd className="mt-1 text-lg font-semibold" data-testid="issue-users">
            {tags.users.toLocaleString('en-US')}
          </dd>
        </Card>
        <Card className="p-4">
          <dt className="text-xs font-medium tracking-wide text-fg-muted uppercase">Environments</dt>
          <dd className="mt-1 text-sm break-words" data-testid="issue-environments">
            {environments ? environments.values.map((v) => v.value).join(', ') : 'None'}
          </dd>
        </Card>
        <Card className="p-4">
          <dt className="text-xs font-medium tracking-wide text-fg-muted uppercase">Releases</dt>
          <dd className="mt-1 text-sm break-words" data-testid="issue-releases">
            {releases ? releases.values.map((v) => v.value).join(', ') : 'None'}
          </dd>
        </Card>
      </dl>
      {rest.length + (environments ? 1 : 0) + (releases ? 1 : 0) > 0 && (
        <div className="grid grid-cols-1 gap-4 md:grid-cols-2">
          {[...(environments ? [environments] : []), ...(releases ? [releases] : []), ...rest].map((t) => (
            <TagCard key={t.key} tag={t} hrefFor={(v) => listHref(t.key, v)} />
          ))}
        </div>
      )}
    </section>
  );
}

function TagCard({ tag, hrefFor }: { tag: Tag; hrefFor: (value: string) => string }) {
  const share = (n: number) => (tag.events > 0 ? Math.round((n / tag.events) * 100) : 0);
  return (
    <Card className="p-4" data-testid="tag-card" data-tag-key={tag.key}>
      <h3 className="flex items-baseline justify-between gap-2 text-sm font-semibold">
        <span className="break-all">{tag.key}</span>
        <span className="shrink-0 text-xs font-normal text-fg-muted">{plural(tag.events, 'event')}</span>
      </h3>
      <ul className="mt-3 space-y-2">
        {tag.values.map((v) => (
          <li key={v.value} className="text-sm" data-testid="tag-value">
            <div className="flex items-baseline justify-between gap-2">
              <Link href={hrefFor(v.value)} className="min-w-0 truncate text-link hover:underline" title={v.value}>
                {v.value || '(empty)'}
              </Link>
              <span className="shrink-0 tabular-nums text-fg-secondary" data-testid="tag-share">
                {share(v.count)}%
              </span>
            </div>
            <div className="mt-1 h-1.5 rounded-full bg-surface-muted" aria-hidden="true">
              <div className="h-1.5 rounded-full bg-info" style={{ width: `${share(v.count)}%` }} />
            </div>
          </li>
        ))}
        {tag.other > 0 && <li className="text-sm text-fg-muted">Other values: {share(tag.other)}%</li>}
      </ul>
    </Card>
  );
}
