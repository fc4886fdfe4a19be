import { notFound } from '@/lib/errors';
import { readDb } from '@/lib/replica';
import { CONTEXT_PREFIX } from '@/lib/envelope/rollup-prefixes';

/** Most used values shown per key. */
export const TAG_VALUES_SHOWN = 10;

type Row = {
  key: string;
  events: number;
  other: number;
  distinct_values: number;
  values: { value: string; count: number }[];
};

/**
 * The tags seen on an issue's events (environment and release among them, and each feature flag as `flags.<name>`),
 * read from the rollups: each key with the events carrying it, its most used values and the events whose value fell
 * in the "other" bucket (values beyond the per-key cap), most used keys first; and the issue's distinct users. The
 * rollup's `contexts.*` pairs serve the search only: the event page shows the contexts themselves.
 */
export async function issueTags(orgId: string, projectId: string, issueId: string) {
  const issue = await readDb().issue.findFirst({
    where: { id: issueId, projectId, project: { orgId } },
    select: { id: true, userCount: { select: { users: true } } },
  });
  if (!issue) throw notFound('Issue');
  // A key's events: its kept values' counts (at most MAX_TAG_VALUES_PER_KEY rows) and its "other" bucket.
  const rows = await readDb().$queryRaw<Row[]>`
    SELECT k.key, (k.other + coalesce((SELECT sum(v.count) FROM issue_tag_values v WHERE v.issue_id = k.issue_id AND v.key = k.key), 0))::int AS events,
           k.other, k.distinct_values,
           coalesce((SELECT json_agg(json_build_object('value', v.value, 'count', v.count) ORDER BY v.count DESC, v.value)
                     FROM (SELECT value, count FROM issue_tag_values
                           WHERE issue_id = k.issue_id AND key = k.key
                           ORDER BY count DESC, value LIMIT ${TAG_VALUES_SHOWN}::int) v), '[]'::json) AS values
    FROM issue_tag_keys k
    WHERE k.issue_id = ${issue.id} AND k.key NOT LIKE ${`${CONTEXT_PREFIX}%`}
    ORDER BY events DESC, k.key`;
  return {
    users: issue.userCount?.users ?? 0,
    tags: rows.map((r) => ({
      key: r.key,
      events: r.events,
      distinctValues: r.distinct_values,
      other: r.other,
      values: r.values,
    })),
  };
}
