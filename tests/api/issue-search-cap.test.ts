// Issue search (#12) in a project with more issues than the count stops at: a broad query's total is a lower bound,
// the spec's filters still count exactly.
import { describe, expect, it } from 'vitest';
import { signUp } from '../support/accounts';
import { createProject } from '../support/fixtures';
import { db } from '@/lib/db';
import { SEARCH_COUNT_CAP } from '@/lib/issues/list-issues';

describe('a broad search in a big project', () => {
  it(`stops counting at ${SEARCH_COUNT_CAP} (total is then a lower bound, totalCapped); the spec's filters still count exactly`, async () => {
    const { client } = await signUp();
    const big = await createProject(client, 'Big');
    const n = SEARCH_COUNT_CAP + 5;
    const at = new Date();
    await db.issue.createMany({
      data: Array.from({ length: n }, (_, i) => ({
        projectId: big.id,
        fingerprint: `fp-${i}`,
        title: `TypeError: case ${i}`,
        culprit: 'app.js',
        eventCount: 1,
        firstSeen: at,
        lastSeen: at,
        status: i < 3 ? ('RESOLVED' as const) : ('UNRESOLVED' as const),
      })),
    });
    const path = `/api/v1/projects/${big.id}/issues`;
    const broad = await client.get(path, { query: { query: 'is:unresolved', limit: 25 } });
    expect(broad.status).toBe(200);
    expect(broad.body.data.pagination).toEqual({
      page: 1,
      limit: 25,
      total: SEARCH_COUNT_CAP,
      pages: SEARCH_COUNT_CAP / 25,
      totalCapped: true,
    });
    expect(broad.body.data.issues).toHaveLength(25);
    const narrow = await client.get(path, { query: { query: 'is:resolved' } });
    expect(narrow.body.data.pagination).toEqual({ page: 1, limit: 10, total: 3, pages: 1 });
    const spec = await client.get(path, { query: { status: 'UNRESOLVED', limit: 25 } });
    expect(spec.body.data.pagination).toEqual({ page: 1, limit: 25, total: n - 3, pages: Math.ceil((n - 3) / 25) });
  });
});
