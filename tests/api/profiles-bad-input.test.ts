// #47: profiles through the Sentry envelope endpoint. Bad input (samples pointing at no stack, stacks at no frame,
// absurd times, a chunk over the cap, deep stacks) gets its exact outcome with the envelope's other items kept; a
// repeat adds nothing; scrubbing reads frames; the reads answer bad queries exactly, and another organization's user
// gets 404 and changes nothing.
import crypto from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { db } from '@/lib/db';
import { foldFunctionHours } from '@/lib/ingest/items/profiles';
import { purgeOldData } from '@/lib/retention/purge-old-data';
import { signUp } from '../support/accounts';
import { setup, useSentryServer, type FlameNode } from '../support/profiles';

const id = () => crypto.randomUUID().replace(/-/g, '');

useSentryServer();

describe('bad input: the exact outcome, nothing lost beside it', () => {
  const at = () => Date.now() / 1000;
  const frames = [
    { function: 'handler', abs_path: '/srv/app/handler.js', lineno: 10, colno: 3 },
    { function: 'main', abs_path: '/srv/app/main.js', lineno: 1, colno: 1 },
  ];
  const chunk = (profile: unknown) => ({
    chunk_id: id(),
    profiler_id: id(),
    platform: 'node',
    version: '2',
    release: 'api@2',
    profile,
  });
  // The clock read once per profile: read per sample, a millisecond passing between two samples made one gap 11 ms.
  const samples = (n: number, stack = 0, start = at() - 1) =>
    Array.from({ length: n }, (_, i) => ({ stack_id: stack, thread_id: '0', timestamp: start + i * 0.01 }));
  const event = (eventId: string) => ({
    event_id: eventId,
    timestamp: at(),
    platform: 'node',
    exception: { values: [{ type: 'Error', value: 'beside the profile' }] },
  });

  it.each([
    [
      'a sample pointing at a missing stack',
      { samples: [{ stack_id: 9, thread_id: '0', timestamp: Date.now() / 1000 }], stacks: [[0, 1]], frames },
      'validation: profile.samples.stack_id',
    ],
    [
      'a stack pointing at a missing frame',
      { samples: samples(3), stacks: [[0, 5]], frames },
      'validation: profile.stacks',
    ],
    [
      'a timestamp in 1970',
      { samples: [{ stack_id: 0, thread_id: '0', timestamp: 12 }], stacks: [[0, 1]], frames },
      'validation: profile.samples.timestamp',
    ],
    [
      'a timestamp in 2200',
      { samples: [{ stack_id: 0, thread_id: '0', timestamp: 7258118400 }], stacks: [[0, 1]], frames },
      'validation: profile.samples.timestamp',
    ],
    ['no profile at all', undefined, 'validation: profile'],
  ])('%s: 200, the profile counted invalid, the error beside it stored', async (_name, profile, reason) => {
    const s = await setup();
    const eventId = id();
    const res = await s.post({ event_id: eventId }, [
      { header: { type: 'profile_chunk' }, payload: chunk(profile) },
      { header: { type: 'event' }, payload: event(eventId) },
    ]);
    expect(res.status).toBe(200);
    expect(await s.outcomes()).toEqual({ [`invalid/${reason}`]: 1 });
    expect((await s.client.get(s.api)).body.data.profiles).toEqual([]);
    expect(await db.event.count({ where: { projectId: s.project.id } })).toBe(1);
  });

  it('a chunk over the 5 MiB cap: counted too_large, the error beside it stored', async () => {
    const s = await setup();
    const big = chunk({
      samples: samples(10),
      stacks: [[0, 1]],
      frames: [...frames, { function: 'x'.repeat(1000), abs_path: 'y'.repeat(5 * 1024 * 1024) }],
    });
    const eventId = id();
    const res = await s.post({ event_id: eventId }, [
      { header: { type: 'profile_chunk' }, payload: big },
      { header: { type: 'event' }, payload: event(eventId) },
    ]);
    expect(res.status).toBe(200);
    expect(await s.outcomes()).toEqual({ 'invalid/too_large': 1 });
    expect(await db.event.count({ where: { projectId: s.project.id } })).toBe(1);
  });

  it('a stack 5,000 frames deep is stored with its outermost 1,000 frames, and said so', async () => {
    const s = await setup();
    const deep = Array.from({ length: 5000 }, (_, i) => i);
    const c = chunk({
      samples: samples(5),
      stacks: [deep],
      frames: deep.map((i) => ({ function: `recurse${i}`, abs_path: '/srv/app/deep.js', lineno: i + 1 })),
    });
    expect((await s.post({}, [{ header: { type: 'profile_chunk' }, payload: c }])).status).toBe(200);
    expect(await s.outcomes()).toEqual({ 'accepted/': 1 });
    const one = (await s.client.get(`${s.api}/${c.chunk_id}`)).body.data;
    expect(one.truncatedStacks).toBe(1);
    // Root first: the outermost frame (the last of the stack as sent) is the root's child; 1,000 levels down.
    let node: FlameNode = one.root;
    let depth = 0;
    while (node.children.length) {
      node = node.children[0];
      depth++;
    }
    expect(depth).toBe(1000);
    expect(one.root.children[0].name).toBe('recurse4999');
    expect(node.name).toBe('recurse4000');
  });

  it('folding the waiting function figures into the hour rows changes no answer, and folds each profile once', async () => {
    const s = await setup();
    const where = { projectId: s.project.id };
    // Folds that run meanwhile (the server's, a few seconds after a profile) are waited out before each read.
    await foldFunctionHours();
    const sent = [samples(20), samples(7), samples(12)].map((x) => chunk({ samples: x, stacks: [[0, 1]], frames }));
    for (const c of sent)
      expect((await s.post({}, [{ header: { type: 'profile_chunk' }, payload: c }])).status).toBe(200);
    const read = async () => (await s.client.get(`${s.api}/functions`)).body.data.functions;
    const before = await read();
    // Two folds at once, as two instances would: each waiting row is taken by one.
    await Promise.all([foldFunctionHours(), foldFunctionHours()]);
    await expect.poll(() => db.profileFunctionPending.count({ where }), { timeout: 10_000 }).toBe(0);
    const after = await read();
    expect(after).toEqual(before);
    const handler = after.find((f: { name: string }) => f.name === 'handler');
    // 20 + 7 + 12 samples 10 ms apart, one call in each chunk.
    expect(handler.selfMs).toBeCloseTo(390, 0);
    expect(handler.count).toBe(3);
    expect(handler.examples).toHaveLength(3);
    expect(await db.profileFunctionHour.count({ where })).toBe(2);
  });

  it('settled hours and the last two add up: a profile from five hours ago, and ones now, before and after a read', async () => {
    const s = await setup();
    const hoursAgo = (h: number, n: number) => samples(n, 0, at() - h * 3600);
    const old = chunk({ samples: hoursAgo(5, 30), stacks: [[0, 1]], frames });
    const now = chunk({ samples: samples(10), stacks: [[0, 1]], frames });
    for (const c of [old, now])
      expect((await s.post({}, [{ header: { type: 'profile_chunk' }, payload: c }])).status).toBe(200);
    const handler = async () =>
      (await s.client.get(`${s.api}/functions?days=1`)).body.data.functions.find(
        (f: { name: string }) => f.name === 'handler',
      );
    // 30 + 10 samples 10 ms apart; the most recent profile first among the examples.
    let h = await handler();
    expect(h.selfMs).toBeCloseTo(400, 0);
    expect(h.count).toBe(2);
    expect(h.examples).toEqual([now.chunk_id, old.chunk_id]);
    // The five-hour-old sum is kept after the first read; a profile now still counts at once.
    const later = chunk({ samples: samples(20), stacks: [[0, 1]], frames });
    expect((await s.post({}, [{ header: { type: 'profile_chunk' }, payload: later }])).status).toBe(200);
    h = await handler();
    expect(h.selfMs).toBeCloseTo(600, 0);
    expect(h.count).toBe(3);
    expect(h.examples).toEqual([later.chunk_id, now.chunk_id, old.chunk_id]);
  });

  it('a chunk sent twice is stored once: the repeat is counted filtered and adds no time', async () => {
    const s = await setup();
    const c = chunk({ samples: samples(20), stacks: [[0, 1]], frames });
    for (let i = 0; i < 2; i++)
      expect((await s.post({}, [{ header: { type: 'profile_chunk' }, payload: c }])).status).toBe(200);
    expect(await s.outcomes()).toEqual({ 'accepted/': 1, 'filtered/duplicate_profile': 1 });
    const fns = (await s.client.get(`${s.api}/functions`)).body.data.functions;
    const handler = fns.find((f: { name: string }) => f.name === 'handler');
    // 20 samples 10 ms apart: 200 ms once.
    expect(handler.selfMs).toBeCloseTo(200, 0);
    expect(handler.count).toBe(1);
  });

  it('over the month’s profile quota: counted over_quota, nothing stored', async () => {
    const s = await setup();
    const org = await db.project.findUniqueOrThrow({ where: { id: s.project.id }, select: { orgId: true } });
    const month = new Date().toISOString().slice(0, 7);
    await db.monthlyUsage.upsert({
      where: { orgId_month: { orgId: org.orgId, month } },
      create: { orgId: org.orgId, month, profiles: 10_000 },
      update: { profiles: 10_000 },
    });
    const c = chunk({ samples: samples(3), stacks: [[0, 1]], frames });
    expect((await s.post({}, [{ header: { type: 'profile_chunk' }, payload: c }])).status).toBe(200);
    expect(await s.outcomes()).toEqual({ 'over_quota/profile_quota': 1 });
    expect((await s.client.get(s.api)).body.data.profiles).toEqual([]);
  });

  it('retention removes profiles and their function hours with the transactions', async () => {
    const s = await setup();
    const c = chunk({ samples: samples(3), stacks: [[0, 1]], frames });
    expect((await s.post({}, [{ header: { type: 'profile_chunk' }, payload: c }])).status).toBe(200);
    const where = { projectId: s.project.id };
    // The profile's figures folded into the hour rows (by this fold or the server's), and another's still waiting:
    // retention takes both.
    await foldFunctionHours();
    await expect.poll(() => db.profileFunctionPending.count({ where }), { timeout: 10_000 }).toBe(0);
    expect(await db.profileFunctionHour.count({ where })).toBe(2);
    await db.profileFunctionPending.create({
      data: {
        projectId: s.project.id,
        hour: new Date(),
        profileId: id(),
        frameIds: [1],
        selfMs: [1],
        totalMs: [1],
        calls: [1],
        histograms: ['{1}'],
      },
    });
    const old = new Date(Date.now() - 400 * 86_400_000);
    await db.profile.updateMany({ where, data: { startedAt: old } });
    await db.profileFunctionHour.updateMany({ where, data: { hour: old } });
    await db.profileFunctionPending.updateMany({ where, data: { hour: old } });
    const { orgId } = await db.project.findUniqueOrThrow({ where: { id: s.project.id }, select: { orgId: true } });
    await purgeOldData({ orgIds: [orgId] });
    expect(await db.profile.count({ where })).toBe(0);
    expect(await db.profileFunctionHour.count({ where })).toBe(0);
    expect(await db.profileFunctionPending.count({ where })).toBe(0);
  });

  it('frames are scrubbed before they are stored', async () => {
    const s = await setup();
    const c = chunk({
      samples: samples(3),
      stacks: [[0]],
      frames: [{ function: 'charge', abs_path: '/srv/app/cards/4111 1111 1111 1111/charge.js', lineno: 2 }],
    });
    expect((await s.post({}, [{ header: { type: 'profile_chunk' }, payload: c }])).status).toBe(200);
    const frame = await db.profileFrame.findFirstOrThrow({ where: { projectId: s.project.id } });
    expect(frame.file).not.toContain('4111');
    expect(frame.file).toContain('[Filtered]');
  });
});

describe('reads', () => {
  const invalid = (path: string[], message: string) => ({
    statusCode: 400,
    status: 'failed',
    message: 'Validation error',
    error: [{ path, message }],
  });
  it.each([
    [
      'neither a span nor a transaction',
      'flamegraph',
      {
        statusCode: 400,
        status: 'failed',
        message: 'Give traceId and spanId (one span), or transaction (a transaction name)',
      },
    ],
    [
      'a trace id that is not one',
      'flamegraph?traceId=xyz&spanId=0123456789abcdef',
      invalid(['query', 'traceId'], 'A trace id is 32 hex characters'),
    ],
    ['an unknown sort', 'functions?sort=fastest', invalid(['query', 'sort'], 'sort must be self, total, p75 or count')],
  ])('%s: 400 with the exact body', async (_name, query, body) => {
    const s = await setup();
    const res = await s.client.get(`${s.api}/${query}`);
    expect(res.status).toBe(400);
    expect(res.body).toEqual(body);
  });

  it('an unknown span, profile or thread is 404', async () => {
    const s = await setup();
    const notFound = (message: string) => ({ statusCode: 404, status: 'failed', message });
    expect((await s.client.get(`${s.api}/flamegraph?traceId=${id()}&spanId=0123456789abcdef`)).body).toEqual(
      notFound('Span not found'),
    );
    expect((await s.client.get(`${s.api}/${id()}`)).body).toEqual(notFound('Profile not found'));
  });

  it('another organization’s user gets 404 on every read, and nothing changes', async () => {
    const owner = await setup();
    const c = {
      chunk_id: id(),
      profiler_id: id(),
      platform: 'node',
      version: '2',
      profile: {
        samples: [{ stack_id: 0, thread_id: '0', timestamp: Date.now() / 1000 }],
        stacks: [[0]],
        frames: [{ function: 'secret', abs_path: '/srv/a.js' }],
      },
    };
    expect((await owner.post({}, [{ header: { type: 'profile_chunk' }, payload: c }])).status).toBe(200);
    const other = await signUp();
    for (const p of ['', '/functions', '/flamegraph?transaction=x', `/${c.chunk_id}`, `/${c.chunk_id}/raw`]) {
      const res = await other.client.get(`${owner.api}${p}`);
      expect(res.status, p).toBe(404);
    }
    expect((await owner.client.get(owner.api)).body.data.profiles).toHaveLength(1);
  });
});
