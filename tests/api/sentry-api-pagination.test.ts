// #63: Sentry's cursor pagination walks a 250-issue list exactly. 250 issues over two projects, last seen in runs of
// seven at the same millisecond (so pages end inside a run of equal keys), are walked 25 at a time through
// `Link: …; rel="next"; results="true"; cursor="…"` until `results="false"`: every issue once, none missing, in the
// order the database sorts them (key descending, then number). Then back through the `previous` cursors to the
// first page, and by events, first seen and users with their own ties, and organization-wide.
import { beforeAll, describe, expect, it } from 'vitest';
import { db } from '@/lib/db';
import { pool } from '@/lib/pg';
import { signUp } from '../support/accounts';
import { createProject, setPlan } from '../support/fixtures';
import { createToken, TokenClient } from '../support/tokens';
import { errorEnvelope, send } from './ingest-helpers';

const TOTAL = 250;
let api: TokenClient;
let org: string;
let shop: Awaited<ReturnType<typeof createProject>>;
let admin: Awaited<ReturnType<typeof createProject>>;

type Link = { rel: string; results: boolean; cursor: string; url: string };
function links(header: string | null): Record<string, Link> {
  const out: Record<string, Link> = {};
  for (const m of (header ?? '').matchAll(/<([^>]*)>; rel="(\w+)"; results="(true|false)"; cursor="([^"]*)"/g))
    out[m[2]] = { url: m[1], rel: m[2], results: m[3] === 'true', cursor: m[4] };
  return out;
}

/** Follows `rel` from `start` until results="false"; returns each page's issue ids and the links seen. */
async function walk(start: string, rel: 'next' | 'previous', firstCursor?: string) {
  const pages: string[][] = [];
  const seen: Record<string, Link>[] = [];
  let cursor = firstCursor;
  for (let i = 0; i < 50; i++) {
    const res = await api.get(cursor === undefined ? start : `${start}&cursor=${cursor}`);
    expect(res.status, res.text).toBe(200);
    pages.push(res.body.map((x: { id: string }) => x.id));
    const l = links(res.headers.get('link'));
    seen.push(l);
    if (!l[rel].results) return { pages, links: seen };
    cursor = l[rel].cursor;
  }
  throw new Error('the walk did not end');
}

/** The issue numbers in the database's order for a sort key (descending, ties by number descending). */
async function expected(key: string, projectIds: string[]) {
  const { rows } = await pool().query<{ n: string }>(
    `SELECT i.number::text AS n FROM issues i LEFT JOIN issue_user_counts uc ON uc.issue_id = i.id
      WHERE i.project_id = ANY($1) ORDER BY ${key} DESC, i.number DESC`,
    [projectIds],
  );
  return rows.map((r) => r.n);
}

beforeAll(async () => {
  const owner = await signUp({ name: 'Pager' });
  await setPlan(owner.orgId, 'PRO');
  shop = await createProject(owner.client, 'Shop');
  admin = await createProject(owner.client, 'Admin');
  org = (await db.organization.findUniqueOrThrow({ where: { id: owner.orgId } })).slug;
  api = new TokenClient((await createToken(owner.client, ['read'])).token);
  const base = Date.now() - 3_600_000;
  for (let start = 0; start < TOTAL; start += 10)
    await Promise.all(
      Array.from({ length: Math.min(10, TOTAL - start) }, (_, k) => {
        const i = start + k;
        const p = i % 5 === 4 ? admin : shop;
        return send({
          client: owner.client,
          projectId: p.id,
          key: p.keys[0].publicKey,
          body: errorEnvelope({
            // Runs of seven issues share their last-seen millisecond.
            timestamp: base + Math.floor(i / 7) * 1000,
            user: i % 3 === 0 ? { id: `u${i}` } : undefined,
            exception: {
              type: `Error${i}`,
              value: 'x',
              stacktrace: { frames: [{ filename: 'a.js', lineno: 1, function: `f${i}` }] },
            },
          }),
        }).then((r) => expect(r.status).toBe(200));
      }),
    );
  // Events in runs too, for the freq sort (the rollups are not read by it, only the issue's count).
  await pool().query(
    `UPDATE issues SET event_count = 1 + (number % 4), first_seen = first_seen - (number % 3) * interval '1 minute'
      WHERE project_id = ANY($1)`,
    [[shop.id, admin.id]],
  );
  expect(await db.issue.count({ where: { projectId: { in: [shop.id, admin.id] } } })).toBe(TOTAL);
}, 180_000);

describe('a 250-issue list', () => {
  it('walks forwards 25 at a time: every issue once, in order, the last page saying results="false"', async () => {
    const { pages, links: seen } = await walk(`/api/0/organizations/${org}/issues/?query=&limit=25`, 'next');
    const ids = pages.flat();
    expect(ids).toHaveLength(TOTAL);
    expect(new Set(ids).size).toBe(TOTAL);
    expect(ids).toEqual(await expected('i.last_seen', [shop.id, admin.id]));
    expect(pages.map((p) => p.length)).toEqual(Array(10).fill(25));
    // The first page has no previous page; every page but the last has a next one.
    expect(seen[0].previous.results).toBe(false);
    expect(seen.slice(0, 9).every((l) => l.next.results)).toBe(true);
    expect(seen.at(-1)!.next.results).toBe(false);
    // A page boundary inside a run of equal keys: the cursor skips what was shown of that run.
    expect(seen.some((l) => !l.next.cursor.endsWith(':0:0'))).toBe(true);
  }, 120_000);

  it('the Link URLs are the request with its cursor, and X-Hits counts the matches', async () => {
    const res = await api.get(`/api/0/organizations/${org}/issues/?query=&limit=25`);
    expect(res.headers.get('x-hits')).toBe(String(TOTAL));
    expect(res.headers.get('x-max-hits')).toBe('1000');
    const next = links(res.headers.get('link')).next;
    expect(next.url).toBe(
      `http://localhost:3000/api/0/organizations/${org}/issues/?query=&limit=25&cursor=${next.cursor}`,
    );
    const followed = await api.get(next.url.replace('http://localhost:3000', ''));
    expect(followed.body[0].id).not.toBe(res.body[0].id);
  });

  it('walks back from the last page through the previous cursors to the first, showing the same pages', async () => {
    const forward = await walk(`/api/0/organizations/${org}/issues/?query=&limit=25`, 'next');
    // From the last page (the tenth), its previous cursor leads back through the nine before it.
    const last = forward.links.at(-1)!;
    const back = await walk(`/api/0/organizations/${org}/issues/?query=&limit=25`, 'previous', last.previous.cursor);
    expect(back.pages.map((p) => p.length)).toEqual(Array(9).fill(25));
    expect(back.pages.reverse().flat()).toEqual(forward.pages.slice(0, -1).flat());
    expect(back.links.at(-1)!.previous.results).toBe(false);
  }, 120_000);

  it('by events, first seen and users: each walk is the database order, exactly', async () => {
    for (const [sort, key] of [
      ['freq', 'i.event_count'],
      ['new', 'i.first_seen'],
      ['user', 'coalesce(uc.users, 0)'],
    ]) {
      const { pages } = await walk(`/api/0/projects/${org}/${shop.slug}/issues/?query=&sort=${sort}&limit=40`, 'next');
      expect(pages.flat(), sort).toEqual(await expected(key, [shop.id]));
    }
  }, 120_000);

  it('a search walks its own matches: unresolved issues of one project seen in the period', async () => {
    const { pages } = await walk(
      `/api/0/organizations/${org}/issues/?project=${admin.number}&statsPeriod=2h&limit=7`,
      'next',
    );
    expect(pages.flat()).toEqual(await expected('i.last_seen', [admin.id]));
    expect(pages.flat()).toHaveLength(TOTAL / 5);
  }, 60_000);
});
