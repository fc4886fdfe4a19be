// #61: dashboards. CRUD under /api/v1/organization/dashboards: any member creates and edits (a layout change is an
// edit), deleting needs the creator or an ADMIN; every change is in the audit log with what changed; each bad input
// gets its exact status and body; another organization's dashboard id is a 404 on every route and nothing of it
// changes; a project's starter dashboard is made once, on the first listing; "Add to dashboard" puts a widget below
// the others; a widget's query runs through Explore with the dashboard's filters.
import { beforeAll, describe, expect, it } from 'vitest';
import { pool } from '@/lib/pg';
import { widgetQuery } from '@/lib/dashboards/filters';
import { exploreQuerySchema, exploreSearchParams } from '@/lib/zod/explore';
import { signUp } from '../support/accounts';
import { createProject } from '../support/fixtures';
import { inviteAndJoin } from '../support/teams';

const API = '/api/v1/organization/dashboards';
const invalid = (error: unknown[]) => ({ statusCode: 400, status: 'failed', message: 'Validation error', error });
let owner: Awaited<ReturnType<typeof signUp>>;
let stranger: Awaited<ReturnType<typeof signUp>>;
let projectId: string;

const logsWidget = {
  title: 'Lines by level',
  display: 'bar',
  query: { dataset: 'logs', groupBy: ['severity'] },
  layout: { x: 0, y: 0, w: 6, h: 3 },
};

beforeAll(async () => {
  owner = await signUp();
  projectId = (await createProject(owner.client, 'Shop')).id;
  for (const [level, env] of [
    ['info', 'production'],
    ['info', 'staging'],
    ['error', 'production'],
  ])
    await pool().query(
      `INSERT INTO logs (timestamp, project_id, level, body, environment) VALUES (now() - interval '1 minute', $1, $2, 'x', $3)`,
      [projectId, level, env],
    );
  stranger = await signUp();
  await createProject(stranger.client, 'Elsewhere');
});

describe('dashboards', () => {
  it("makes each project's starter dashboard once, on the first listing", async () => {
    const first = await owner.client.get(API);
    expect(first.status, first.text).toBe(200);
    const starters = first.body.data.filter((d: { starterOf: string }) => d.starterOf === projectId);
    expect(starters).toHaveLength(1);
    expect(starters[0].name).toBe('Shop overview');
    expect(starters[0].widgets.map((w: { title: string; display: string }) => [w.title, w.display])).toEqual([
      ['Errors by issue', 'table'],
      ['p95 by transaction', 'line'],
      ['Crash-free sessions', 'big_number'],
      ['Log lines by level', 'bar'],
      ['Busiest metrics', 'table'],
    ]);
    // Every Explore widget runs.
    for (const w of starters[0].widgets.filter((x: { source: string }) => x.source === 'explore')) {
      const res = await owner.client.get('/api/v1/organization/explore', {
        query: Object.fromEntries(exploreSearchParams(w.query)),
      });
      expect(res.status, `${w.title}: ${res.text}`).toBe(200);
    }
    expect((await owner.client.delete(`${API}/${starters[0].id}`)).status).toBe(200);
    const again = await owner.client.get(API);
    expect(again.body.data.filter((d: { starterOf: string }) => d.starterOf === projectId)).toEqual([]);
  });

  it('creates, edits, adds a widget and deletes, each change in the audit log', async () => {
    const created = await owner.client.post(API, { name: 'Checkout', widgets: [logsWidget] });
    expect(created.status, created.text).toBe(201);
    const d = created.body.data;
    expect(d).toMatchObject({ name: 'Checkout', filters: {}, canDelete: true });
    expect(d.widgets[0]).toMatchObject({ title: 'Lines by level', source: 'explore', display: 'bar' });
    const wid = d.widgets[0].id;

    const member = await inviteAndJoin(owner.client, 'MEMBER', 'a member');
    const moved = await member.client.patch(`${API}/${d.id}`, {
      filters: { statsPeriod: '7d', environment: 'production' },
      widgets: [{ ...d.widgets[0], layout: { x: 6, y: 0, w: 6, h: 4 } }],
    });
    expect(moved.status, moved.text).toBe(200);
    expect(moved.body.data.widgets[0]).toMatchObject({ id: wid, layout: { x: 6, y: 0, w: 6, h: 4 } });
    expect(moved.body.data.canDelete).toBe(false);

    const added = await member.client.post(`${API}/${d.id}/widgets`, {
      title: 'Errors',
      display: 'big_number',
      query: { dataset: 'errors' },
    });
    expect(added.status, added.text).toBe(201);
    expect(added.body.data.widgets.map((w: { title: string; layout: object }) => [w.title, w.layout])).toEqual([
      ['Lines by level', { x: 6, y: 0, w: 6, h: 4 }],
      ['Errors', { x: 0, y: 4, w: 6, h: 4 }],
    ]);

    // The widget's query with the dashboard's filters: production only, over 7 days.
    const q = widgetQuery(exploreQuerySchema.parse(logsWidget.query), moved.body.data.filters);
    expect(q).toMatchObject({ query: 'environment:production', statsPeriod: '7d' });
    const run = await owner.client.get('/api/v1/organization/explore', {
      query: Object.fromEntries(exploreSearchParams(q)),
    });
    // Two production lines, one each; a tie is ranked by the group's key (shorter first).
    expect(run.body.data.table).toEqual([
      { severity: 'info', 'count()': 1 },
      { severity: 'error', 'count()': 1 },
    ]);

    const forbidden = { statusCode: 403, status: 'failed', message: 'This action requires the ADMIN role' };
    expect((await member.client.delete(`${API}/${d.id}`)).body).toEqual(forbidden);
    expect((await owner.client.delete(`${API}/${d.id}`)).status).toBe(200);
    expect((await owner.client.get(`${API}/${d.id}`)).status).toBe(404);

    const log = await owner.client.get('/api/v1/organization/audit-log', { query: { action: 'dashboard' } });
    const mine = (log.body.data.entries as { action: string; targetId: string; changes: unknown }[]).filter(
      (e) => e.targetId === d.id,
    );
    expect(mine.map((e) => e.action)).toEqual([
      'dashboard.deleted',
      'dashboard.updated',
      'dashboard.updated',
      'dashboard.created',
    ]);
    expect(mine[2].changes).toEqual({
      filters: { from: {}, to: { statsPeriod: '7d', environment: 'production' } },
      widgetsMoved: [{ widget: 'Lines by level', from: logsWidget.layout, to: { x: 6, y: 0, w: 6, h: 4 } }],
    });
    expect(mine[1].changes).toEqual({ widgetsAdded: ['Errors'] });
  });

  it.each([
    ['POST', {}, [{ path: ['name'], message: 'A name of 1 to 100 characters' }]],
    [
      'POST',
      { name: 'x', widgets: [{ ...logsWidget, display: 'pie' }] },
      [{ path: ['widgets', 0, 'display'], message: 'Display: line, area, bar, big_number or table' }],
    ],
    [
      'POST',
      { name: 'x', widgets: [{ ...logsWidget, layout: { x: 8, y: 0, w: 6, h: 2 } }] },
      [{ path: ['widgets', 0, 'layout', 'w'], message: 'x + w is at most 12' }],
    ],
    [
      'POST',
      { name: 'x', filters: { statsPeriod: 'forever' } },
      [{ path: ['filters', 'statsPeriod'], message: 'A period such as 1h, 24h, 7d or 2w' }],
    ],
    [
      'POST',
      { name: 'x', widgets: [{ ...logsWidget, query: { dataset: 'logs', groupBy: ['a(b)'] } }] },
      [{ path: ['widgets', 0, 'query', 'groupBy', 0], message: 'A group-by field is a field or attribute name' }],
    ],
    [
      'POST',
      { name: 'x', widgets: [{ ...logsWidget, query: { dataset: 'logs', aggregates: ['p95(message)'] } }] },
      [
        {
          path: ['widgets', 0, 'query', 'aggregates', 0],
          message: 'p95() needs a number: "message" of logs is text (count_unique() counts its values)',
        },
      ],
    ],
    [
      'POST',
      { name: 'x', widgets: [{ ...logsWidget, source: 'sessions' }] },
      [
        {
          path: ['widgets', 0, 'source'],
          message: 'A widget is an Explore query (source explore) or a crash-free rate (source crash_free)',
        },
      ],
    ],
    [
      'POST',
      {
        name: 'x',
        widgets: [{ title: 'x', source: 'crash_free', display: 'line', projectId: 'p', layout: logsWidget.layout }],
      },
      [{ path: ['widgets', 0, 'display'], message: 'A crash-free rate is shown as big_number' }],
    ],
    ['PATCH', {}, [{ path: [], message: 'Nothing to change' }]],
    [
      'WIDGET',
      { title: 'x', display: 'pie', query: { dataset: 'logs' } },
      [{ path: ['display'], message: 'Display: line, area, bar, big_number or table' }],
    ],
  ])('%s %j: 400 with the exact body', async (method, body, error) => {
    const d = (await owner.client.post(API, { name: 'Target', widgets: [logsWidget] })).body.data;
    const res =
      method === 'POST'
        ? await owner.client.post(API, body)
        : method === 'PATCH'
          ? await owner.client.patch(`${API}/${d.id}`, body)
          : await owner.client.post(`${API}/${d.id}/widgets`, body);
    expect(res.status).toBe(400);
    expect(res.body).toEqual(invalid(error));
  });

  it("another organization's dashboard is a 404 on every route, and nothing of it changes", async () => {
    const d = (await owner.client.post(API, { name: 'Mine', widgets: [logsWidget] })).body.data;
    const before = await pool().query('SELECT name, filters, widgets, updated_at FROM dashboards WHERE id = $1', [
      d.id,
    ]);
    const notFound = { statusCode: 404, status: 'failed', message: 'Dashboard not found' };
    for (const res of [
      await stranger.client.get(`${API}/${d.id}`),
      await stranger.client.patch(`${API}/${d.id}`, { name: 'Theirs' }),
      await stranger.client.post(`${API}/${d.id}/widgets`, {
        title: 'x',
        display: 'table',
        query: { dataset: 'logs' },
      }),
      await stranger.client.delete(`${API}/${d.id}`),
    ]) {
      expect(res.status).toBe(404);
      expect(res.body).toEqual(notFound);
    }
    expect((await stranger.client.get(API)).body.data.map((x: { id: string }) => x.id)).not.toContain(d.id);
    // A widget naming this organization's project from another organization: the project is not found.
    const theirs = await stranger.client.post(API, {
      name: 'Peek',
      widgets: [{ ...logsWidget, query: { dataset: 'logs', projects: [projectId] } }],
    });
    expect(theirs.status).toBe(404);
    const crash = await stranger.client.post(API, {
      name: 'Peek',
      widgets: [{ title: 'x', source: 'crash_free', display: 'big_number', projectId, layout: logsWidget.layout }],
    });
    expect(crash.status).toBe(404);
    const after = await pool().query('SELECT name, filters, widgets, updated_at FROM dashboards WHERE id = $1', [d.id]);
    expect(after.rows).toEqual(before.rows);
  });
});
