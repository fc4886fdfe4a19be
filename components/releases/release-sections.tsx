'use client';

import { RelativeTime } from '@/components/ui/relative-time';
import { Card } from '@/components/ui/card';
import type { ReleaseDetail } from '@/lib/swr/use-releases';
import { plural } from '@/lib/text/plural';

const kib = (bytes: number) => (bytes < 1024 ? `${bytes} B` : `${(bytes / 1024).toFixed(1)} KiB`);

/** Deploys, commits and uploaded artifacts of a release: what sentry-cli told us about it. */
export function ReleaseSections({ release }: { release: ReleaseDetail }) {
  return (
    <>
      <section aria-labelledby="deploys" className="space-y-2">
        <h2 id="deploys" className="text-lg font-semibold">
          Deploys
        </h2>
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
      </section>

      <section aria-labelledby="commits" className="space-y-2">
        <h2 id="commits" className="text-lg font-semibold">
          Commits
        </h2>
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
      </section>

      <section aria-labelledby="artifacts" className="space-y-2">
        <h2 id="artifacts" className="text-lg font-semibold">
          Artifacts
        </h2>
        {release.artifacts.length === 0 ? (
          <p className="text-sm text-fg-muted">
            No files uploaded for this release (files matched by debug ID alone are not listed here).
          </p>
        ) : (
          <Card className="overflow-x-auto p-0">
            <table className="w-full text-sm" data-testid="release-artifacts">
              <thead className="text-left text-xs tracking-wide text-fg-muted uppercase">
                <tr>
                  <th scope="col" className="px-4 py-2">
                    File
                  </th>
                  <th scope="col" className="px-4 py-2">
                    Type
                  </th>
                  <th scope="col" className="px-4 py-2">
                    Size
                  </th>
                  <th scope="col" className="px-4 py-2">
                    Usable
                  </th>
                </tr>
              </thead>
              <tbody>
                {release.artifacts.map((a) => (
                  <tr key={`${a.url}|${a.type}`} className="border-t border-line-subtle">
                    <td className="px-4 py-2 font-mono text-xs break-all">
                      {a.url}
                      {a.debugId && <span className="block text-fg-muted">debug ID {a.debugId}</span>}
                    </td>
                    <td className="px-4 py-2">{a.type === 'source_map' ? 'source map' : 'minified source'}</td>
                    <td className="px-4 py-2 whitespace-nowrap">{kib(a.size)}</td>
                    <td className="px-4 py-2" data-testid="artifact-usable">
                      {a.usable ? 'Yes' : <span className="text-danger-fg">No: {a.problem}</span>}
                    </td>
                  </tr>
                ))}
              </tbody>
            </table>
          </Card>
        )}
      </section>
    </>
  );
}
