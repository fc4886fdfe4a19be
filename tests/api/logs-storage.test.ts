// #51: log lines stored compactly and written by COPY. Lines of one millisecond page by cursor each once, newest
// first; attributes read back exactly as sent though the keys a column holds are not stored twice (and filter as
// sent); trace and span ids read back as hex; a failed write counts its lines as a processing error, never accepted,
// while the lines written beside it are stored and counted; a deleted project's lines go with it (no foreign key: a
// trigger).
import { describe, expect, it } from 'vitest';
import { flushOutcomes } from '@/lib/outcomes/record-outcome';
import { pool } from '@/lib/pg';
import { signUp } from '../support/accounts';
import { createProject, setPlan } from '../support/fixtures';

type Session = Awaited<ReturnType<typeof signUp>>;
type Project = Awaited<ReturnType<typeof createProject>>;
type Line = { id: string; body: string; attributes: Record<string, unknown> | null; traceId: string; spanId: string };

const typed = (bag: Record<string, string | number>) =>
  Object.fromEntries(
    Object.entries(bag).map(([k, v]) => [k, { type: typeof v === 'number' ? 'integer' : 'string', value: v }]),
  );

function send(s: Session, project: Project, items: Record<string, unknown>[]) {
  const body = [
    JSON.stringify({}),
    JSON.stringify({ type: 'log', item_count: items.length }),
    JSON.stringify({ items }),
  ].join('\n');
  return s.client.post(`/api/${project.number}/envelope/?sentry_key=${project.keys[0].publicKey}`, body);
}

async function page(s: Session, project: Project, query: Record<string, string | number>) {
  const res = await s.client.get(`/api/v1/projects/${project.id}/logs`, { query });
  expect(res.status, res.text).toBe(200);
  return res.body.data as { logs: Line[]; nextCursor: string | null };
}

async function logOutcomes(s: Session, project: Project) {
  await flushOutcomes();
  const rows = (await s.client.get(`/api/v1/projects/${project.id}/stats`)).body.data.rows as {
    category: string;
    outcome: string;
    reason: string;
    quantity: number;
  }[];
  return rows
    .filter((r) => r.category === 'log_item')
    .map((r) => [r.outcome, r.reason, r.quantity])
    .sort();
}

describe('log lines stored compactly', () => {
  it('lines of the same millisecond page by cursor: each once, newest first, ties by id', async () => {
    const s = await signUp();
    const project = await createProject(s.client, 'Same millisecond');
    const t = Math.floor(Date.now() / 1000) - 5;
    const items = Array.from({ length: 7 }, (_, i) => ({ timestamp: t, level: 'info', body: `line ${i}` }));
    // Their ids cross a power of ten (…998, …999, 1…000): ordered as numbers, never as text.
    const { rows } = await pool().query<{ v: string }>(`SELECT nextval('logs_id_seq')::text AS v`);
    const power = 10n ** BigInt(rows[0].v.length + 1);
    await pool().query(`SELECT setval('logs_id_seq', $1)`, [(power - 4n).toString()]);
    expect((await send(s, project, items)).status).toBe(200);
    const seen: Line[] = [];
    let cursor: string | null = null;
    const sizes: number[] = [];
    do {
      const p: { logs: Line[]; nextCursor: string | null } = await page(s, project, {
        limit: 3,
        ...(cursor ? { cursor } : {}),
      });
      sizes.push(p.logs.length);
      seen.push(...p.logs);
      cursor = p.nextCursor;
    } while (cursor);
    expect(sizes).toEqual([3, 3, 1]);
    expect(seen.map((l) => l.body).sort()).toEqual(items.map((i) => i.body).sort());
    const ids = seen.map((l) => BigInt(l.id));
    expect(ids.every((id, i) => i === 0 || id < ids[i - 1])).toBe(true);
    expect(ids.some((id) => id >= power) && ids.some((id) => id < power)).toBe(true);
    // A cursor of another shape is refused, not read.
    const bad = await s.client.get(`/api/v1/projects/${project.id}/logs`, {
      query: { cursor: `${new Date().toISOString()}|0b1f2c3d-uuid` },
    });
    expect(bad.status).toBe(400);
  });

  it('attributes read back as sent, stored once; the attribute filter sees them as sent; ids as hex', async () => {
    const s = await signUp();
    const project = await createProject(s.client, 'Compact attributes');
    const now = Date.now() / 1000;
    const trace = 'f0e1d2c3b4a5968778695a4b3c2d1e0f';
    const sentry = {
      'sentry.environment': 'production',
      'sentry.release': 'shop@2.14.0',
      'sentry.message.template': 'Order %s paid',
      'sentry.message.parameter.0': 'o-7',
      'sentry.trace.parent_span_id': 'fedcba9876543210',
      'order.id': 'o-7',
    };
    // An OpenTelemetry-style line: the environment and release come from other keys, nothing is left out.
    const otel = { 'deployment.environment': 'production', 'service.version': 'shop@2.14.0', 'order.id': 'o-8' };
    // Both keys with one value: the Sentry one is kept (putting it back could not tell them apart).
    const both = { 'sentry.environment': 'staging', 'deployment.environment': 'staging' };
    expect(
      (
        await send(s, project, [
          { timestamp: now, level: 'info', body: 'Order o-7 paid', trace_id: trace, attributes: typed(sentry) },
          { timestamp: now - 1, level: 'warn', body: 'otel line', attributes: typed(otel) },
          { timestamp: now - 2, level: 'error', body: 'both keys', attributes: typed(both) },
        ])
      ).status,
    ).toBe(200);
    const { logs } = await page(s, project, {});
    const byBody = new Map(logs.map((l) => [l.body, l]));
    expect(byBody.get('Order o-7 paid')!.attributes).toEqual(sentry);
    expect(byBody.get('otel line')!.attributes).toEqual(otel);
    expect(byBody.get('both keys')!.attributes).toEqual(both);
    expect(byBody.get('Order o-7 paid')).toMatchObject({ traceId: trace, spanId: 'fedcba9876543210' });

    const { rows } = await pool().query<{ body: string; attributes: Record<string, unknown> | null }>(
      'SELECT body, attributes FROM logs WHERE project_id = $1',
      [project.id],
    );
    const stored = new Map(rows.map((r) => [r.body, r.attributes]));
    expect(stored.get('Order o-7 paid')).toEqual({
      'sentry.message.parameter.0': 'o-7',
      'sentry.trace.parent_span_id': 'fedcba9876543210',
      'order.id': 'o-7',
    });
    expect(stored.get('otel line')).toEqual(otel);
    expect(stored.get('both keys')).toEqual(both);

    const bodies = async (attribute: string) => (await page(s, project, { attribute })).logs.map((l) => l.body).sort();
    expect(await bodies('sentry.environment:production')).toEqual(['Order o-7 paid']);
    expect(await bodies('sentry.environment:staging')).toEqual(['both keys']);
    expect(await bodies('deployment.environment:production')).toEqual(['otel line']);
    expect(await bodies('sentry.release:shop@2.14.0')).toEqual(['Order o-7 paid']);
    expect(await bodies('sentry.message.template:Order %s paid')).toEqual(['Order o-7 paid']);
    expect(await bodies('order.id:o-8')).toEqual(['otel line']);
    expect((await page(s, project, { traceId: trace })).logs.map((l) => l.body)).toEqual(['Order o-7 paid']);
    // One level (an equality on the index of warnings, errors and fatal lines) and several.
    const levels = async (level: string) => (await page(s, project, { level })).logs.map((l) => l.body).sort();
    expect(await levels('error')).toEqual(['both keys']);
    expect(await levels('info')).toEqual(['Order o-7 paid']);
    expect(await levels('warn,error')).toEqual(['both keys', 'otel line']);
    expect(await levels('fatal')).toEqual([]);
  });

  it('the attribute filter reads a value as its text, whatever its type: strings, integers, doubles, booleans', async () => {
    const s = await signUp();
    const project = await createProject(s.client, 'Typed attributes');
    const now = Date.now() / 1000;
    const attr = (type: string, value: unknown) => ({ type, value });
    const lines = [
      { body: 'int 200', attributes: { 'http.status': attr('integer', 200), ratio: attr('double', 1.5) } },
      { body: 'text 200', attributes: { 'http.status': attr('string', '200'), 'cache.hit': attr('boolean', true) } },
      { body: 'int 404', attributes: { 'http.status': attr('integer', 404), 'cache.hit': attr('boolean', false) } },
      { body: 'none', attributes: { other: attr('string', 'x') } },
    ];
    const res = await send(
      s,
      project,
      lines.map((l, i) => ({ timestamp: now - i, level: 'info', ...l })),
    );
    expect(res.status).toBe(200);
    const bodies = async (attribute: string) => (await page(s, project, { attribute })).logs.map((l) => l.body).sort();
    expect(await bodies('http.status:200')).toEqual(['int 200', 'text 200']);
    expect(await bodies('http.status:404')).toEqual(['int 404']);
    expect(await bodies('http.status:200.0')).toEqual([]);
    expect(await bodies('ratio:1.5')).toEqual(['int 200']);
    expect(await bodies('cache.hit:true')).toEqual(['text 200']);
    expect(await bodies('cache.hit:false')).toEqual(['int 404']);
    expect(await bodies('other:x')).toEqual(['none']);
    expect(await bodies('other:y')).toEqual([]);
  });

  it('a failed write counts its line as a processing error; the lines written beside it are stored and counted', async () => {
    const s = await signUp();
    const project = await createProject(s.client, 'Failed write');
    const now = Date.now() / 1000;
    // Only this test's line breaks the rule: every other line of the shared database is written as usual.
    await pool().query(`ALTER TABLE logs ADD CONSTRAINT logs_storage_test_refuses CHECK (body <> 'refused-by-test')`);
    try {
      const [bad, good] = await Promise.all([
        send(s, project, [{ timestamp: now, level: 'info', body: 'refused-by-test' }]),
        send(s, project, [
          { timestamp: now, level: 'info', body: 'kept 1' },
          { timestamp: now, level: 'info', body: 'kept 2' },
        ]),
      ]);
      // As for every kind but events: the envelope's other items are kept, the failed one counted (store-items.ts).
      expect(bad.status).toBe(200);
      expect(good.status).toBe(200);
    } finally {
      await pool().query('ALTER TABLE logs DROP CONSTRAINT logs_storage_test_refuses');
    }
    expect((await page(s, project, {})).logs.map((l) => l.body).sort()).toEqual(['kept 1', 'kept 2']);
    expect(await logOutcomes(s, project)).toEqual([
      ['accepted', '', 2],
      ['invalid', 'processing_error', 1],
    ]);
  });

  it("a deleted project's lines go with it", async () => {
    const s = await signUp();
    await setPlan(s.orgId, 'PRO');
    const project = await createProject(s.client, 'Deleted');
    const other = await createProject(s.client, 'Stays');
    const now = Date.now() / 1000;
    expect((await send(s, project, [{ timestamp: now, level: 'info', body: 'goes' }])).status).toBe(200);
    expect((await send(s, other, [{ timestamp: now, level: 'info', body: 'stays' }])).status).toBe(200);
    expect((await s.client.delete(`/api/v1/projects/${project.id}`)).status).toBeLessThan(300);
    const count = async (id: string) =>
      (await pool().query<{ n: number }>('SELECT count(*)::int AS n FROM logs WHERE project_id = $1', [id])).rows[0].n;
    expect(await count(project.id)).toBe(0);
    expect(await count(other.id)).toBe(1);
  });
});
