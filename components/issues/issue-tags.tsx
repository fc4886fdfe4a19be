'use client';

import Link from 'next/link';
import { useIssueTags, type IssueTagSummary } from '@/lib/swr/use-issues';
import { Card } from '@/components/ui/card';
import { plural } from '@/lib/text/plural';
import { FLAG_PREFIX } from '@/lib/envelope/rollup-prefixes';
import { isIdTag } from '@/lib/issues/id-tags';

type Tag = IssueTagSummary['tags'][number];

/** A value as a search term: quoted when it holds a space, a quote or a `*`. */
export function searchTerm(key: string, value: string) {
  return /[\s"*]/.test(value) || value === ''
    ? `${key}:"${value.replace(/["\\]/g, (c) => `\\${c}`)}"`
    : `${key}:${value}`;
}

/**
 * Each tag's top values across all the issue's events, with their share (from the rollups): environment and release
 * first, the feature flags (`flags.<name>`) under their own heading. Sized for the page's side column; two columns
 * when it is given the width (a phone's full row is not).
 */
export function IssueTags({ projectId, issueId }: { projectId: string; issueId: string }) {
  const { tags, error, isLoading } = useIssueTags(projectId, issueId);
  if (error) return null;
  if (isLoading || !tags) return null;
  const environments = tags.tags.find((t) => t.key === 'environment');
  const releases = tags.tags.find((t) => t.key === 'release');
  const isFlag = (t: Tag) => t.key.startsWith(FLAG_PREFIX);
  // Id tags (replayId, trace…) have a value per event: a distribution of them says nothing; they stay searchable.
  const hidden = tags.tags.filter((t) => isIdTag(t.key));
  const rest = tags.tags.filter((t) => t.key !== 'environment' && t.key !== 'release' && !isFlag(t) && !isIdTag(t.key));
  const ordered = [...(environments ? [environments] : []), ...(releases ? [releases] : []), ...rest];
  const flags = tags.tags.filter(isFlag);
  const listHref = (key: string, value: string) =>
    `/projects/${encodeURIComponent(projectId)}/issues?${new URLSearchParams({ query: searchTerm(key, value) })}`;
  return (
    <Card className="@container">
      <section aria-labelledby="tags-heading" className="space-y-4" data-testid="issue-tags">
        <h2 id="tags-heading" className="text-base font-semibold">
          Tags across all events
        </h2>
        {ordered.length === 0 ? (
          <p className="text-sm text-fg-muted">No tags on this issue&apos;s events.</p>
        ) : (
          <div className="grid grid-cols-1 gap-x-6 gap-y-5 @lg:grid-cols-2">
            {ordered.map((t) => (
              <TagValues key={t.key} tag={t} hrefFor={(v) => listHref(t.key, v)} />
            ))}
          </div>
        )}
        {hidden.length > 0 && (
          <p className="text-xs text-fg-muted" data-testid="id-tags-hidden">
            Not charted, one value an event: {hidden.map((t) => t.key).join(', ')}. Search by them, e.g.{' '}
            <code className="font-mono">{hidden[0].key}:&lt;id&gt;</code>.
          </p>
        )}
        {flags.length > 0 && (
          <section aria-labelledby="flags-heading" className="space-y-4" data-testid="issue-flags">
            <h3 id="flags-heading" className="text-sm font-semibold text-fg-secondary">
              Feature flags
            </h3>
            <div className="grid grid-cols-1 gap-x-6 gap-y-5 @lg:grid-cols-2">
              {flags.map((t) => (
                <TagValues
                  key={t.key}
                  tag={t}
                  label={t.key.slice(FLAG_PREFIX.length)}
                  hrefFor={(v) => listHref(t.key, v)}
                />
              ))}
            </div>
          </section>
        )}
      </section>
    </Card>
  );
}

function TagValues({ tag, label, hrefFor }: { tag: Tag; label?: string; hrefFor: (value: string) => string }) {
  const share = (n: number) => (tag.events > 0 ? Math.round((n / tag.events) * 100) : 0);
  return (
    <div className="min-w-0" data-testid="tag-card" data-tag-key={tag.key}>
      <h3 className="flex items-baseline justify-between gap-2 text-sm font-semibold">
        <span className="break-all">{label ?? tag.key}</span>
        <span className="shrink-0 text-xs font-normal text-fg-muted">{plural(tag.events, 'event')}</span>
      </h3>
      <ul className="mt-2 space-y-2">
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
    </div>
  );
}
