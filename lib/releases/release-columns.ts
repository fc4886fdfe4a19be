import { readDb } from '@/lib/replica';

/** What the Releases list shows of each release beyond its row (#60). */
export type ReleaseCounts = {
  /** Issues whose earliest event names this release (as the release's page lists them). */
  newIssues: number;
  commits: number;
  deploys: number;
  /** The latest deploy: where and when it finished. */
  lastDeploy: { environment: string; finishedAt: string } | null;
};

const NONE: ReleaseCounts = { newIssues: 0, commits: 0, deploys: 0, lastDeploy: null };

/**
 * The counts of a page of releases, two statements for the page whatever its size (never one a row): commits and
 * deploys grouped by release, then the project's issues by the release of each one's earliest event (the
 * (issue_id, timestamp) index, one lookup an issue), kept to the page's versions.
 */
export async function releaseCounts(
  projectId: string,
  releases: { id: string; version: string }[],
): Promise<Map<string, ReleaseCounts>> {
  const out = new Map<string, ReleaseCounts>(releases.map((r) => [r.id, { ...NONE }]));
  if (releases.length === 0) return out;
  const ids = releases.map((r) => r.id);
  const versions = releases.map((r) => r.version);
  const [links, issues] = await Promise.all([
    readDb().$queryRaw<
      { release_id: string; commits: number; deploys: number; environment: string | null; finished: Date | null }[]
    >`
      SELECT r.id AS release_id,
             (SELECT count(*)::int FROM release_commits c WHERE c.release_id = r.id) AS commits,
             (SELECT count(*)::int FROM release_deploys d WHERE d.release_id = r.id) AS deploys,
             last.environment, last.date_finished AS finished
      FROM releases r
      LEFT JOIN LATERAL (SELECT d.environment, d.date_finished FROM release_deploys d WHERE d.release_id = r.id
                         ORDER BY d.date_finished DESC LIMIT 1) last ON true
      WHERE r.project_id = ${projectId} AND r.id = ANY(${ids}::text[])`,
    readDb().$queryRaw<{ release: string; n: number }[]>`
      SELECT first_event.release, count(*)::int AS n
      FROM issues i
      CROSS JOIN LATERAL (SELECT e.release FROM events e WHERE e.issue_id = i.id ORDER BY e.timestamp ASC, e.id ASC LIMIT 1) first_event
      WHERE i.project_id = ${projectId} AND first_event.release = ANY(${versions}::text[])
      GROUP BY first_event.release`,
  ]);
  const idOf = new Map(releases.map((r) => [r.version, r.id]));
  for (const l of links) {
    out.set(l.release_id, {
      ...out.get(l.release_id)!,
      commits: l.commits,
      deploys: l.deploys,
      lastDeploy:
        l.environment && l.finished ? { environment: l.environment, finishedAt: l.finished.toISOString() } : null,
    });
  }
  for (const i of issues) {
    const id = idOf.get(i.release);
    if (id) out.set(id, { ...out.get(id)!, newIssues: i.n });
  }
  return out;
}
