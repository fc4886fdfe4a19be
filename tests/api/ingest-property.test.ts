import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signUp } from '../support/accounts';
import { createProject, setPlan } from '../support/fixtures';
import { db } from '@/lib/db';
import { handleIngest } from '@/lib/ingest/protocols/native';

// An oracle for the spec's envelope rules, written independently of the zod schemas it checks.
const MIN_TS = 1_577_836_800_000;
const MAX_TS = 253_402_300_799_999; // 9999-12-31T23:59:59.999Z
type Obj = Record<string, unknown>;
const isObj = (v: unknown): v is Obj => typeof v === 'object' && v !== null && !Array.isArray(v);
const isStr = (v: unknown): v is string => typeof v === 'string';
const isNum = (v: unknown): v is number => typeof v === 'number' && Number.isFinite(v);
const opt = (o: Obj, k: string, ok: (v: unknown) => boolean) => !Object.hasOwn(o, k) || ok(o[k]);
const isTs = (v: unknown) => isNum(v) && v >= MIN_TS && v <= MAX_TS;
const strMap = (v: unknown) => isObj(v) && Object.values(v).every(isStr);
const nameVersion = (v: unknown) => isObj(v) && opt(v, 'name', isStr) && opt(v, 'version', isStr);
function shallowerThan(v: unknown, depth: number, max: number): boolean {
  if (typeof v !== 'object' || v === null) return true;
  if (depth >= max) return false;
  return Object.values(v).every((c) => shallowerThan(c, depth + 1, max));
}

function oracle(json: unknown): boolean {
  if (!isObj(json)) return false;
  if (json.type === 'transaction') {
    const vit = (v: unknown) => isNum(v) && v >= 0;
    return (
      isStr(json.name) &&
      json.name.length >= 1 &&
      json.name.length <= 200 &&
      isNum(json.duration) &&
      json.duration >= 0 &&
      isTs(json.timestamp) &&
      opt(json, 'status', isStr) &&
      opt(json, 'vitals', (v) => isObj(v) && ['lcp', 'cls', 'fcp', 'ttfb'].every((k) => opt(v, k, vit)))
    );
  }
  const exc = json.exception;
  const frames = isObj(exc) && isObj(exc.stacktrace) ? exc.stacktrace.frames : undefined;
  const frameOk = (f: unknown) =>
    isObj(f) &&
    isStr(f.filename) &&
    Number.isSafeInteger(f.lineno) &&
    (f.lineno as number) > 0 &&
    opt(f, 'function', isStr) &&
    opt(f, 'colno', (c) => Number.isSafeInteger(c));
  const crumbOk = (b: unknown) =>
    isObj(b) &&
    isStr(b.type) &&
    opt(b, 'message', isStr) &&
    opt(b, 'timestamp', isNum) &&
    opt(b, 'data', (d) => isObj(d) && shallowerThan(d, 3, 32));
  return (
    isObj(exc) &&
    isStr(exc.type) &&
    isStr(exc.value) &&
    Array.isArray(frames) &&
    frames.length >= 1 &&
    frames.every(frameOk) &&
    opt(json, 'level', (v) => ['fatal', 'error', 'warning', 'info', 'debug'].includes(v as string)) &&
    opt(json, 'timestamp', isTs) &&
    opt(json, 'environment', isStr) &&
    opt(json, 'release', isStr) &&
    opt(json, 'user', (u) => isObj(u) && opt(u, 'id', isStr) && opt(u, 'email', isStr)) &&
    opt(json, 'breadcrumbs', (b) => Array.isArray(b) && b.length <= 100 && b.every(crumbOk)) &&
    opt(json, 'tags', strMap) &&
    opt(
      json,
      'request',
      (r) => isObj(r) && opt(r, 'url', isStr) && opt(r, 'method', isStr) && opt(r, 'headers', strMap),
    ) &&
    opt(json, 'contexts', (c) => isObj(c) && opt(c, 'browser', nameVersion) && opt(c, 'os', nameVersion)) &&
    opt(json, 'event_id', (v) => isStr(v) && /^[0-9a-f]{32}$/i.test(v)) &&
    opt(json, 'fingerprint', (v) => Array.isArray(v) && v.length >= 1 && v.every(isStr))
  );
}

// Strings with the characters that break naive storage: NUL, lone surrogates, astral characters, very long runs.
const anyString = fc.oneof(
  { weight: 6, arbitrary: fc.string({ maxLength: 30 }) },
  { weight: 2, arbitrary: fc.string({ unit: 'binary', maxLength: 12 }) },
  {
    weight: 1,
    arbitrary: fc.constantFrom('', '\u0000', '\ud800x', '\udc00', '😀'.repeat(3), 'a'.repeat(250), '{{ default }}'),
  },
);
const ts = fc.oneof(
  { weight: 9, arbitrary: fc.integer({ min: MIN_TS, max: 2_000_000_000_000 }) },
  {
    weight: 1,
    arbitrary: fc.constantFrom(
      MIN_TS,
      MIN_TS - 1,
      1_700_000_000,
      0,
      -1,
      1e20,
      MAX_TS,
      MAX_TS + 1,
      8_640_000_000_000_000,
    ),
  },
);
const frame = fc.record(
  {
    filename: anyString,
    lineno: fc.oneof(
      { weight: 19, arbitrary: fc.integer({ min: 1, max: 100_000 }) },
      { weight: 1, arbitrary: fc.constantFrom(0, -1, 1.5) },
    ),
    colno: fc.integer({ min: 0, max: 500 }),
    function: anyString,
  },
  { requiredKeys: ['filename', 'lineno'] },
);
const crumb = fc.record(
  {
    type: anyString,
    message: anyString,
    timestamp: ts,
    data: fc.dictionary(anyString, fc.jsonValue({ maxDepth: 2 }), { maxKeys: 3 }),
  },
  { requiredKeys: ['type'] },
);
const nv = fc.record({ name: anyString, version: anyString }, { requiredKeys: [] });
const errorEnvelope = fc.record(
  {
    exception: fc.record({
      type: anyString,
      value: anyString,
      stacktrace: fc.record({ frames: fc.array(frame, { minLength: 1, maxLength: 6 }) }),
    }),
    level: fc.constantFrom('fatal', 'error', 'warning', 'info', 'debug'),
    timestamp: ts,
    environment: anyString,
    release: anyString,
    user: fc.record({ id: anyString, email: anyString }, { requiredKeys: [] }),
    breadcrumbs: fc.array(crumb, { maxLength: 8 }),
    tags: fc.dictionary(anyString, anyString, { maxKeys: 4 }),
    request: fc.record(
      { url: anyString, method: anyString, headers: fc.dictionary(anyString, anyString, { maxKeys: 3 }) },
      { requiredKeys: [] },
    ),
    contexts: fc.record({ browser: nv, os: nv }, { requiredKeys: [] }),
    event_id: fc.stringMatching(/^[0-9a-fA-F]{32}$/),
    fingerprint: fc.array(anyString, { minLength: 1, maxLength: 3 }),
    sdk: fc.jsonValue({ maxDepth: 2 }),
  },
  { requiredKeys: ['exception'] },
);
const transaction = fc.record(
  {
    type: fc.constant('transaction'),
    name: fc.oneof(fc.string({ minLength: 1, maxLength: 40 }), fc.constantFrom('', 'n'.repeat(200), 'n'.repeat(201))),
    duration: fc.oneof(fc.double({ min: 0, max: 1e6, noNaN: true }), fc.constantFrom(-1, 0)),
    timestamp: ts,
    status: anyString,
    vitals: fc.record(
      {
        lcp: fc.double({ min: 0, max: 1e5, noNaN: true }),
        cls: fc.oneof(fc.double({ min: 0, max: 2, noNaN: true }), fc.constant(-0.01)),
        fcp: fc.nat(),
        ttfb: fc.nat(),
      },
      { requiredKeys: [] },
    ),
  },
  { requiredKeys: ['type', 'name', 'duration', 'timestamp'] },
);

/** Every path to a value inside `v` (objects and arrays), root excluded. */
function paths(v: unknown, prefix: (string | number)[] = [], out: (string | number)[][] = []): (string | number)[][] {
  if (typeof v === 'object' && v !== null) {
    for (const [k, c] of Object.entries(v)) {
      const p = [...prefix, Array.isArray(v) ? Number(k) : k];
      out.push(p);
      paths(c, p, out);
    }
  }
  return out;
}

const replacement = fc.oneof(
  fc.jsonValue({ maxDepth: 2 }),
  fc.constantFrom(undefined, null, '', 0, -1, 1.5, 1e300, [], {}, 'x'.repeat(300), 1_700_000_000, '\u0000'),
);
/** A valid envelope with one or two values replaced (or removed) at random paths. */
const mutated = fc
  .tuple(
    fc.oneof(errorEnvelope, transaction),
    fc.array(fc.tuple(fc.nat(), replacement), { minLength: 1, maxLength: 2 }),
  )
  .map(([env, edits]) => {
    const copy = structuredClone(env) as Obj;
    for (const [n, value] of edits) {
      const all = paths(copy);
      if (!all.length) break;
      const path = all[n % all.length];
      let cur: any = copy;
      for (const seg of path.slice(0, -1)) cur = cur[seg];
      const last = path[path.length - 1];
      if (value === undefined) {
        if (Array.isArray(cur)) cur.splice(Number(last), 1);
        else delete cur[last];
      } else cur[last] = value;
    }
    return copy;
  });

type Case = { raw: string };
const caseArb: fc.Arbitrary<Case> = fc.oneof(
  { weight: 4, arbitrary: errorEnvelope.map((e) => ({ raw: JSON.stringify(e) })) },
  { weight: 1, arbitrary: transaction.map((t) => ({ raw: JSON.stringify(t) })) },
  { weight: 8, arbitrary: mutated.map((m) => ({ raw: JSON.stringify(m) })) },
  { weight: 2, arbitrary: fc.jsonValue({ maxDepth: 3 }).map((j) => ({ raw: JSON.stringify(j) ?? '' })) },
  {
    weight: 1,
    arbitrary: fc.tuple(errorEnvelope, fc.nat()).map(([e, n]) => {
      const s = JSON.stringify(e);
      return { raw: s.slice(0, n % s.length) };
    }),
  },
  { weight: 1, arbitrary: fc.string({ unit: 'binary', maxLength: 60 }).map((s) => ({ raw: s })) },
);

describe('ingest: property-based', () => {
  let projectId: string;
  let key: string;
  const previousRate = process.env.INGEST_RATE_LIMIT_PER_SECOND;

  beforeAll(async () => {
    process.env.INGEST_RATE_LIMIT_PER_SECOND = '1000000';
    const s = await signUp();
    await setPlan(s.orgId, 'PRO');
    const p = await createProject(s.client);
    projectId = p.id;
    key = p.keys[0].publicKey;
  });
  afterAll(() => {
    if (previousRate === undefined) delete process.env.INGEST_RATE_LIMIT_PER_SECOND;
    else process.env.INGEST_RATE_LIMIT_PER_SECOND = previousRate;
  });

  it('10,000 random and mutated envelopes: never a 5xx, every 400 names paths, 200 exactly for valid ones, nothing invalid stored', async () => {
    const BATCH = 50;
    const RUNS = 200;
    const acceptedEventIds = new Set<string>();
    let total = 0;
    let accepted = 0;
    let rejected = 0;
    const stored = async () =>
      (await db.event.count({ where: { projectId } })) + (await db.transaction.count({ where: { projectId } }));

    await fc.assert(
      fc.asyncProperty(fc.array(caseArb, { minLength: BATCH, maxLength: BATCH }), async (batch) => {
        const before = await stored();
        const results = await Promise.all(
          batch.map((c) =>
            handleIngest({
              projectId,
              method: 'POST',
              headers: { 'x-ingest-auth': `ingest_key=${key}`, 'content-type': 'application/json' },
              searchParams: new URLSearchParams(),
              body: Buffer.from(c.raw, 'utf8'),
            }),
          ),
        );
        let expectedNewRows = 0;
        results.forEach((res, i) => {
          const raw = batch[i].raw;
          let json: unknown;
          let parsed = true;
          try {
            json = JSON.parse(raw);
          } catch {
            parsed = false;
          }
          const valid = parsed && oracle(json);
          expect(res.status, raw).toBeLessThan(500);
          expect(res.headers['access-control-allow-origin']).toBe('*');
          if (valid) {
            expect(res.status, `${raw}\n${JSON.stringify(res.body)}`).toBe(200);
            const eventId =
              isObj(json) && isStr(json.event_id) && json.type !== 'transaction' ? json.event_id.toLowerCase() : null;
            if (!eventId || !acceptedEventIds.has(eventId)) expectedNewRows++;
            if (eventId) acceptedEventIds.add(eventId);
          } else {
            expect(res.status, raw).toBe(400);
            expect(res.body).toMatchObject({ statusCode: 400, status: 'failed', message: 'Validation error' });
            expect(Array.isArray(res.body!.error) && res.body!.error.length > 0).toBe(true);
            for (const issue of res.body!.error!) {
              expect(Array.isArray(issue.path)).toBe(true);
              expect(issue.path.every((p) => typeof p === 'string' || typeof p === 'number')).toBe(true);
              expect(typeof issue.message).toBe('string');
            }
          }
          if (res.status === 200) accepted++;
          else rejected++;
          total++;
        });
        expect(await stored()).toBe(before + expectedNewRows);
      }),
      { numRuns: RUNS, endOnFailure: true },
    );
    expect(total).toBeGreaterThanOrEqual(10_000);
    // Both outcomes must be well represented, or the property says little.
    expect(accepted).toBeGreaterThan(1_000);
    expect(rejected).toBeGreaterThan(5_000);
  }, 300_000);
});
