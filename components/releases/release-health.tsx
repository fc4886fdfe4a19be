'use client';

import { useReleaseHealth, type ReleaseHealthRow } from '@/lib/swr/use-releases';
import { ReleaseVersion } from './release-version';

/** A rate as a percentage with two decimals (99.95 %), or a dash without sessions. */
export function pct(v: number | null | undefined): string {
  return v === null || v === undefined ? '—' : `${(v * 100).toFixed(2)} %`;
}

/** Sessions per day as a row of bars, crashed days in red: the release's last days at a glance. */
export function HealthSparkline({ row }: { row: ReleaseHealthRow }) {
  const max = Math.max(1, ...row.series.map((d) => d.sessions));
  const label = `Sessions per day: ${row.series.map((d) => `${d.day} ${d.sessions}`).join(', ')}`;
  return (
    <svg role="img" aria-label={label} width={row.series.length * 5} height={20} className="block">
      {row.series.map((d, i) => {
        const h = d.sessions === 0 ? 0 : Math.max(2, (d.sessions / max) * 20);
        const crashy = d.crashFreeSessions !== null && d.crashFreeSessions < 0.99;
        return (
          <rect
            key={d.day}
            x={i * 5}
            y={20 - h}
            width={4}
            height={h}
            className={crashy ? 'fill-danger' : 'fill-fg-muted'}
          />
        );
      })}
    </svg>
  );
}

/** A release's health beside the previous release: the numbers and sessions per day. */
export function ReleaseHealthSection({
  release,
  previous,
}: {
  release: ReleaseHealthRow | null;
  previous: (ReleaseHealthRow | { version: string }) | null;
}) {
  const prev = previous && 'sessions' in previous ? previous : null;
  const rows: [string, (r: ReleaseHealthRow) => string][] = [
    ['Crash-free sessions', (r) => pct(r.crashFreeSessions)],
    ['Crash-free users', (r) => pct(r.crashFreeUsers)],
    ['Sessions', (r) => r.sessions.toLocaleString('en-US')],
    ['Users', (r) => r.users.toLocaleString('en-US')],
    ['Adoption (24 h)', (r) => pct(r.adoption)],
  ];
  return (
    <section aria-labelledby="health" className="space-y-2">
      <h2 id="health" className="text-lg font-semibold">
        Health
      </h2>
      {!release ? (
        <p className="text-sm text-fg-muted">
          No sessions for this release in the last 14 days. SDKs send sessions when release health is on (the default in
          Sentry&apos;s SDKs).
        </p>
      ) : (
        <table className="text-sm" data-testid="release-health">
          <thead className="text-left text-xs tracking-wide text-fg-muted uppercase">
            <tr>
              <th scope="col" className="py-1 pr-6">
                <span className="sr-only">Measure</span>
              </th>
              <th scope="col" className="py-1 pr-6">
                This release
              </th>
              {previous && (
                <th scope="col" className="py-1 pr-6" data-testid="previous-release">
                  Previous <ReleaseVersion version={previous.version ?? 'no release'} wrap before="(" after=")" />
                </th>
              )}
            </tr>
          </thead>
          <tbody>
            {rows.map(([label, value]) => (
              <tr key={label}>
                <th scope="row" className="py-1 pr-6 text-left font-normal text-fg-secondary">
                  {label}
                </th>
                <td className="py-1 pr-6 font-medium tabular-nums">{value(release)}</td>
                {previous && <td className="py-1 pr-6 tabular-nums">{prev ? value(prev) : '—'}</td>}
              </tr>
            ))}
            <tr>
              <th scope="row" className="py-1 pr-6 text-left font-normal text-fg-secondary">
                Sessions per day
              </th>
              <td className="py-1 pr-6">
                <HealthSparkline row={release} />
              </td>
              {previous && <td className="py-1 pr-6">{prev ? <HealthSparkline row={prev} /> : '—'}</td>}
            </tr>
          </tbody>
        </table>
      )}
    </section>
  );
}

/** The crash-free sessions of a project's latest releases (last 7 days), for its card on the home page. */
export function LatestReleasesHealth({ projectId }: { projectId: string }) {
  const { health } = useReleaseHealth(projectId, null, 7);
  const rows = health?.releases.slice(0, 3) ?? [];
  if (rows.length === 0) return null;
  return (
    <div>
      <p className="text-xs font-medium text-fg-secondary">Crash-free sessions, latest releases</p>
      <dl className="mt-1 space-y-0.5 text-xs" data-testid="latest-releases-health">
        {rows.map((r) => (
          <div key={r.version ?? ''} className="flex justify-between gap-2">
            <dt className="truncate text-fg-muted">{r.version ?? 'no release'}</dt>
            <dd
              className={`font-medium tabular-nums ${r.crashFreeSessions !== null && r.crashFreeSessions < 0.99 ? 'text-danger' : ''}`}
            >
              {pct(r.crashFreeSessions)}
            </dd>
          </div>
        ))}
      </dl>
    </div>
  );
}
