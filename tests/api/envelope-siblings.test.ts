// #43: inside a Sentry envelope each item stands alone. Beside an error event, any broken item (a hostile
// monitor_config, a transaction or span of the wrong shape, garbage session, feedback, log or attachment items) is
// counted invalid with its reason on the Stats page while the event is stored and read back; only an envelope of
// nothing but refused events (and their attachments) is answered 400.
import crypto from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { flushOutcomes } from '@/lib/outcomes/record-outcome';
import { signUp } from '../support/accounts';
import { createProject } from '../support/fixtures';

const T = Math.floor(Date.now() / 1000) - 60;
const id = () => crypto.randomUUID().replace(/-/g, '');

async function setup() {
  const s = await signUp();
  const project = await createProject(s.client, 'Siblings');
  const auth = { 'x-sentry-auth': `Sentry sentry_key=${project.keys[0].publicKey}, sentry_version=7` };
  const post = (items: { header: Record<string, unknown>; payload: unknown }[], header: object = {}) =>
    s.client.post(
      `/api/${project.number}/envelope/`,
      [
        JSON.stringify(header),
        ...items.flatMap((i) => [
          JSON.stringify(i.header),
          typeof i.payload === 'string' ? i.payload : JSON.stringify(i.payload),
        ]),
      ].join('\n'),
      { headers: auth },
    );
  const stats = async () => {
    await flushOutcomes();
    const rows: { category: string; outcome: string; reason: string; quantity: number }[] = (
      await s.client.get(`/api/v1/projects/${project.id}/stats`)
    ).body.data.rows;
    return Object.fromEntries(rows.map((r) => [`${r.category}/${r.outcome}/${r.reason}`, r.quantity]));
  };
  return { ...s, project, post, stats };
}

const event = (value: string) => ({
  event_id: id(),
  timestamp: T,
  level: 'error',
  exception: {
    values: [
      { type: 'SiblingError', value, stacktrace: { frames: [{ filename: 'app.js', function: 'f', lineno: 1 }] } },
    ],
  },
});
const checkIn = (monitor_config: object) => ({
  check_in_id: id(),
  monitor_slug: `nightly-${id().slice(0, 6)}`,
  status: 'ok',
  monitor_config,
});

const BROKEN: [name: string, item: { header: Record<string, unknown>; payload: unknown }, counted: string][] = [
  [
    'a monitor_config in the time zone Mars/Phobos',
    {
      header: { type: 'check_in' },
      payload: checkIn({ schedule: { type: 'crontab', value: '0 * * * *' }, timezone: 'Mars/Phobos' }),
    },
    'monitor/invalid/',
  ],
  [
    'a monitor_config every 999999 months',
    {
      header: { type: 'check_in' },
      payload: checkIn({ schedule: { type: 'interval', value: 999999, unit: 'month' } }),
    },
    'monitor/invalid/',
  ],
  [
    'a monitor_config every 999999 years',
    { header: { type: 'check_in' }, payload: checkIn({ schedule: { type: 'interval', value: 999999, unit: 'year' } }) },
    'monitor/invalid/',
  ],
  ['a check-in that is not JSON', { header: { type: 'check_in' }, payload: '{nope' }, 'monitor/invalid/'],
  [
    'a transaction without a duration',
    {
      header: { type: 'transaction' },
      payload: {
        type: 'transaction',
        transaction: 'x',
        timestamp: T,
        contexts: { trace: { trace_id: id(), span_id: id().slice(0, 16) } },
      },
    },
    'transaction/invalid/',
  ],
  ['a span item of another shape', { header: { type: 'span' }, payload: { version: 2 } }, 'span/invalid/'],
  [
    'a session in no known status',
    { header: { type: 'session' }, payload: { sid: 's', status: 'exploded', started: new Date().toISOString() } },
    'session/invalid/',
  ],
  [
    'feedback without a message',
    { header: { type: 'feedback' }, payload: { contexts: { feedback: { name: 'Ann' } } } },
    'feedback/invalid/',
  ],
  ['a log item that is an array', { header: { type: 'log' }, payload: [1, 2] }, 'log_item/invalid/'],
  ['an attachment without a file name', { header: { type: 'attachment' }, payload: 'bytes' }, 'attachment/invalid/'],
];

describe('a broken item beside an error event', () => {
  it.each(BROKEN)(
    '%s: the event is stored and read back; the item is counted invalid with why',
    async (_name, broken, counted) => {
      const s = await setup();
      const value = `beside ${_name}`;
      const res = await s.post([{ header: { type: 'event' }, payload: event(value) }, broken]);
      expect(res.status, res.text).toBe(200);
      const issues = (await s.client.get(`/api/v1/projects/${s.project.id}/issues`)).body.data.issues;
      expect(issues.map((i: { title: string }) => i.title)).toEqual([`SiblingError: ${value}`]);
      const stats = await s.stats();
      expect(stats['error/accepted/']).toBe(1);
      const refused = Object.entries(stats).filter(([k]) => k.startsWith(counted));
      expect(refused, JSON.stringify(stats)).toHaveLength(1);
      expect(refused[0][0].length, 'counted with a reason').toBeGreaterThan(counted.length);
      expect(refused[0][1]).toBe(1);
    },
  );

  it('an envelope of nothing but an invalid event is answered 400 with why, its attachment counted with it', async () => {
    const s = await setup();
    const res = await s.post([
      { header: { type: 'event' }, payload: { ...event('bad'), level: 'loud' } },
      { header: { type: 'attachment', filename: 'a.txt' }, payload: 'bytes' },
    ]);
    expect(res.status).toBe(400);
    expect(res.body).toMatchObject({
      statusCode: 400,
      status: 'failed',
      error: [{ path: ['items', 0, 'level'], message: expect.any(String) }],
    });
    expect(await s.stats()).toMatchObject({ 'error/invalid/validation: level': 1 });
  });

  it('an invalid event beside a valid session: the session is stored, the event and its attachment are counted invalid', async () => {
    const s = await setup();
    const bad = { ...event('bad'), level: 'loud' };
    const res = await s.post(
      [
        { header: { type: 'event' }, payload: bad },
        { header: { type: 'attachment', filename: 'a.txt' }, payload: 'bytes' },
        {
          header: { type: 'session' },
          payload: { sid: id(), status: 'ok', started: new Date().toISOString(), attrs: { release: 'shop@1.0.0' } },
        },
      ],
      { event_id: bad.event_id },
    );
    expect(res.status, res.text).toBe(200);
    expect(await s.stats()).toMatchObject({
      'error/invalid/validation: level': 1,
      'attachment/invalid/event_invalid': 1,
      'session/accepted/': 1,
    });
    expect((await s.client.get(`/api/v1/projects/${s.project.id}/issues`)).body.data.issues).toEqual([]);
  });
});
