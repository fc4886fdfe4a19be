'use client';

import { RelativeTime } from '@/components/ui/relative-time';
import { Card } from '@/components/ui/card';
import { PageSection } from '@/components/ui/page-section';
import { DataTable } from '@/components/ui/table';
import type { ReleaseDetail } from '@/lib/swr/use-releases';
import { plural } from '@/lib/text/plural';

const kib = (bytes: number) => (bytes < 1024 ? `${bytes} B` : `${(bytes / 1024).toFixed(1)} KiB`);

/** Deploys, commits and uploaded artifacts of a release: what sentry-cli told us about it. */
export function ReleaseSections({ release }: { release: ReleaseDetail }) {
  return (
    <>
      <PageSection title="Deploys">
        {release.deploys.length === 0 ? (
          <p className="text-sm text-fg-muted">
            None recorded. <code className="font-mono">sentry-cli deploys new -r {release.version} -e production</code>{' '}
            adds one.
          </p>
        ) : (
          <ul className="space-y-1 text-sm" data-testid="release-deploys">
            {release.deploys.map((d, i) => (
              <li key={i}>
                <span className="font-medium">{d.environment}</span>
                {d.name && <> ({d.name})</>} <RelativeTime iso={d.dateFinished} />
              </li>
            ))}
          </ul>
        )}
      </PageSection>

      <PageSection title="Commits">
        {release.commits.length === 0 ? (
          <p className="text-sm text-fg-muted">
            None recorded. <code className="font-mono">sentry-cli releases set-commits {release.version} --auto</code>{' '}
            sends them from your git history.
          </p>
        ) : (
          <Card className="p-0">
            <ul data-testid="release-commits">
              {release.commits.map((c) => (
                <li key={c.id} className="border-b border-line-subtle px-4 py-2 text-sm last:border-b-0">
                  <p className="font-medium break-words">{c.message?.split('\n', 1)[0] || '(no message)'}</p>
                  <p className="text-xs text-fg-muted">
                    <code className="font-mono">{c.id.slice(0, 12)}</code>
                    {c.author?.name && <> · {c.author.name}</>}
                    {c.dateCreated && (
                      <>
                        {' '}
                        · <RelativeTime iso={c.dateCreated} />
                      </>
                    )}{' '}
                    · {plural(c.files.length, 'file')}
                  </p>
                </li>
              ))}
            </ul>
          </Card>
        )}
      </PageSection>

      <PageSection title="Artifacts">
        {release.artifacts.length === 0 ? (
          <p className="text-sm text-fg-muted">
            No files uploaded for this release (files matched by debug ID alone are not listed here).
          </p>
        ) : (
          <DataTable
            label="Uploaded artifacts"
            testId="release-artifacts"
            cellPadding="px-4 py-2"
            rows={release.artifacts}
            rowKey={(a) => `${a.url}|${a.type}`}
            columns={[
              {
                name: 'File',
                cellClassName: 'font-mono text-xs break-all',
                cell: (a) => (
                  <>
                    {a.url}
                    {a.debugId && <span className="block text-fg-muted">debug ID {a.debugId}</span>}
                  </>
                ),
              },
              { name: 'Type', cell: (a) => (a.type === 'source_map' ? 'source map' : 'minified source') },
              { name: 'Size', cellClassName: 'whitespace-nowrap', cell: (a) => kib(a.size) },
              {
                name: 'Usable',
                cellProps: () => ({ 'data-testid': 'artifact-usable' }),
                cell: (a) => (a.usable ? 'Yes' : <span className="text-danger-fg">No: {a.problem}</span>),
              },
            ]}
          />
        )}
      </PageSection>
    </>
  );
}
