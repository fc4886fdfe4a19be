// #30: merge under concurrent ingest into every issue being merged. Afterwards (and after the sweep that folds in
// what batches in flight recreated) each issue's counts and rollups equal a recount from the events, no event is
// lost, and later events of every merged fingerprint land in the target. Run over several random splits.
import { describe, expect, it } from 'vitest';
import { db } from '@/lib/db';
import { pool } from '@/lib/pg';
import { sweepMergedFingerprints } from '@/lib/issues/merge-issues';
import { signUp } from '../support/accounts';
import { createProject, setPlan } from '../support/fixtures';
import { errorEnvelope, send } from './ingest-helpers';

const kinds = ['Alpha', 'Beta', 'Gamma', 'Delta'];
const eventOf = (kind: string, user: number, tag: number) =>
  errorEnvelope({
    exception: {
      type: `${kind}Error`,
      value: 'boom',
      stacktrace: { frames: [{ filename: `app/${kind}.js`, function: kind, lineno: 1 }] },
    },
    user: { id: `u${user}` },
    tags: { shard: `s${tag}` },
  });

/** Every issue's stored counts against a recount from its events. */
async function recount(projectId: string) {
  const { rows } = await pool().query<{
    id: string;
    stored: number;
    events: number;
    hourly: number;
    users: number;
    users_counted: number;
    tags: number;
    tag_events: number;
  }>(
    `SELECT i.id, i.event_count AS stored,
            (SELECT count(*)::int FROM events e WHERE e.issue_id = i.id) AS events,
            (SELECT coalesce(sum(count), 0)::int FROM issue_hourly_counts h WHERE h.issue_id = i.id) AS hourly,
            coalesce((SELECT users FROM issue_user_counts c WHERE c.issue_id = i.id), 0) AS users,
            (SELECT count(DISTINCT e.user_context->>'id')::int FROM events e WHERE e.issue_id = i.id) AS users_counted,
            (SELECT coalesce(sum(count), 0)::int FROM issue_tag_values v WHERE v.issue_id = i.id AND v.key = 'shard') AS tags,
            (SELECT count(*)::int FROM events e WHERE e.issue_id = i.id AND e.tags ? 'shard') AS tag_events
       FROM issues i WHERE i.project_id = $1 ORDER BY i.id`,
    [projectId],
  );
  return rows;
}

describe('merge', () => {
  it.each([1, 2, 3])(
    'round %i: concurrent ingest into the merged issues; counts and rollups equal a recount, nothing lost, later events land in the target',
    async (round) => {
      const s = await signUp();
      await setPlan(s.orgId, 'PRO');
      const project = await createProject(s.client, `Merge ${round}`);
      const key = project.keys[0].publicKey;
      const ingest = (kind: string, i: number) =>
        send({ client: s.client, projectId: project.id, key, body: eventOf(kind, i % 7, i % 3) });
      let sent = 0;
      for (const kind of kinds)
        for (let i = 0; i < 5 + round; i++) expect((await ingest(kind, sent++)).status).toBe(200);
      const issues = (await s.client.get(`/api/v1/projects/${project.id}/issues`)).body.data.issues as {
        id: string;
        title: string;
        eventCount: number;
      }[];
      expect(issues).toHaveLength(4);
      const merged = issues.filter((i) => i.title !== 'DeltaError: boom').slice(0, 2 + (round % 2));
      // Events keep arriving for every issue while the merge runs.
      const during = Promise.all(Array.from({ length: 40 }, (_, i) => ingest(kinds[i % 4], 1000 + i)));
      const res = await s.client.post(`/api/v1/projects/${project.id}/issues/merge`, { ids: merged.map((m) => m.id) });
      expect(res.status, res.text).toBe(200);
      expect((await during).every((r) => r.status === 200)).toBe(true);
      sent += 40;
      await sweepMergedFingerprints(project.id);

      const target = res.body.data.issue.id as string;
      expect(merged.map((m) => m.id)).toContain(target);
      const after = (await s.client.get(`/api/v1/projects/${project.id}/issues`)).body.data.issues as {
        id: string;
        title: string;
      }[];
      expect(after).toHaveLength(4 - merged.length + 1);
      // Nothing lost: every event sent is stored, in some issue.
      expect(await db.event.count({ where: { projectId: project.id } })).toBe(sent);
      for (const r of await recount(project.id)) {
        expect([r.stored, r.hourly, r.users, r.tags]).toEqual([r.events, r.events, r.users_counted, r.tag_events]);
      }
      // Later events of every merged fingerprint land in the target.
      const before = (await db.issue.findUniqueOrThrow({ where: { id: target } })).eventCount;
      for (const m of merged) expect((await ingest(m.title.replace('Error: boom', ''), 5000)).status).toBe(200);
      expect((await db.issue.findUniqueOrThrow({ where: { id: target } })).eventCount).toBe(before + merged.length);
      expect((await s.client.get(`/api/v1/projects/${project.id}/issues`)).body.data.issues).toHaveLength(
        4 - merged.length + 1,
      );
      // The target's timeline says so: one entry per issue a person merged (the sweep adds one without an actor for each
      // issue a batch in flight recreated meanwhile, which is that race handled).
      const activity = (await s.client.get(`/api/v1/projects/${project.id}/issues/${target}/activity`)).body.data as {
        type: string;
        actor: unknown;
      }[];
      expect(activity.filter((a) => a.type === 'MERGED' && a.actor !== null)).toHaveLength(merged.length - 1);
    },
  );

  it.each([
    ['one issue', (ids: string[]) => ({ ids: [ids[0]] }), 400],
    ['an issue of another project', (ids: string[]) => ({ ids: [ids[0], 'nope'] }), 404],
    ['no ids', () => ({}), 400],
  ])('%s: refused, nothing changed', async (_label, body, status) => {
    const s = await signUp();
    const project = await createProject(s.client, 'Merge refused');
    await send({
      client: s.client,
      projectId: project.id,
      key: project.keys[0].publicKey,
      body: eventOf('Alpha', 1, 1),
    });
    await send({
      client: s.client,
      projectId: project.id,
      key: project.keys[0].publicKey,
      body: eventOf('Beta', 1, 1),
    });
    const ids = (
      (await s.client.get(`/api/v1/projects/${project.id}/issues`)).body.data.issues as { id: string }[]
    ).map((i) => i.id);
    expect((await s.client.post(`/api/v1/projects/${project.id}/issues/merge`, body(ids))).status).toBe(status);
    expect(await db.issue.count({ where: { projectId: project.id } })).toBe(2);
    const stranger = await signUp();
    expect((await stranger.client.post(`/api/v1/projects/${project.id}/issues/merge`, { ids })).status).toBe(404);
    expect(await db.issue.count({ where: { projectId: project.id } })).toBe(2);
  });
});
