// #30: inbound filters and "delete and discard", driven by what the real @sentry/browser 11 sent from Chromium
// (tests/fixtures/sentry-browser-11-event.envelope) with one field changed per case: not stored, the monthly
// usage unchanged, and the Stats page counting each as filtered by its filter.
import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { db } from '@/lib/db';
import { signUp } from '../support/accounts';
import { createProject } from '../support/fixtures';

const captured = fs
  .readFileSync(path.join(import.meta.dirname, '../fixtures/sentry-browser-11-event.envelope'), 'utf8')
  .split('\n');
type BrowserEvent = {
  event_id: string;
  release?: string;
  request: { url: string; headers: Record<string, string> };
  exception: { values: { type: string; value: string; stacktrace: { frames: Record<string, unknown>[] } }[] };
};

const IE11 = 'Mozilla/5.0 (Windows NT 10.0; WOW64; Trident/7.0; rv:11.0) like Gecko';
const GOOGLEBOT = 'Mozilla/5.0 (compatible; Googlebot/2.1; +http://www.google.com/bot.html)';

async function setup() {
  const s = await signUp();
  const project = await createProject(s.client, 'Filtered shop');
  const key = project.keys[0].publicKey;
  let n = 0;
  /** The captured envelope with `patch` applied to its event, sent to the Sentry endpoint. */
  const sendBrowserEvent = async (patch: (e: BrowserEvent) => void = () => {}) => {
    const event = JSON.parse(captured[2]) as BrowserEvent;
    event.event_id = (++n).toString(16).padStart(32, '0');
    // The capture came from a page on 127.0.0.1: a shop on the internet, unless a case says otherwise.
    event.request.url = 'https://shop.example/shop.html?tab=3';
    patch(event);
    const body = [captured[0], captured[1], JSON.stringify(event)].join('\n');
    const res = await s.client.post(`/api/${project.number}/envelope/?sentry_key=${key}`, body, {
      headers: { 'content-type': 'text/plain' },
    });
    expect(res.status, res.text).toBe(200);
  };
  const transaction = async (name: string) => {
    const now = Date.now() / 1000;
    const body = [
      JSON.stringify({}),
      JSON.stringify({ type: 'transaction' }),
      JSON.stringify({
        type: 'transaction',
        transaction: name,
        start_timestamp: now - 0.05,
        timestamp: now,
        contexts: { trace: { trace_id: 'a'.repeat(32), span_id: 'b'.repeat(16) } },
      }),
    ].join('\n');
    expect((await s.client.post(`/api/${project.number}/envelope/?sentry_key=${key}`, body)).status).toBe(200);
  };
  const setFilters = async (filters: object) => {
    const res = await s.client.patch(`/api/v1/projects/${project.id}/filters`, filters);
    expect(res.status, res.text).toBe(200);
    return res;
  };
  const stats = async () => {
    const rows = (await s.client.get(`/api/v1/projects/${project.id}/stats`)).body.data.rows as {
      category: string;
      outcome: string;
      reason: string;
      quantity: number;
    }[];
    return Object.fromEntries(rows.map((r) => [`${r.category}/${r.outcome}/${r.reason}`, r.quantity]));
  };
  const stored = () => db.event.count({ where: { projectId: project.id } });
  const used = async () => (await s.client.get('/api/v1/usage')).body.data.used as number;
  return { ...s, project, sendBrowserEvent, transaction, setFilters, stats, stored, used };
}

describe('inbound filters', () => {
  it('defaults: browser extensions and crawlers on, the rest off', async () => {
    const s = await setup();
    const res = await s.client.get(`/api/v1/projects/${s.project.id}/filters`);
    expect(res.body.data).toEqual({
      filters: {
        browserExtensions: true,
        localhost: false,
        legacyBrowsers: false,
        webCrawlers: true,
        healthChecks: false,
        errorMessages: [],
        releases: [],
      },
      spikeProtection: true,
      discarded: [],
    });
  });

  it('each filter drops its events before the quota and counts them; the rest are stored', async () => {
    const s = await setup();
    await s.setFilters({
      localhost: true,
      legacyBrowsers: true,
      healthChecks: true,
      errorMessages: ['*ResizeObserver loop*'],
      releases: ['shop@0.*'],
    });
    await s.sendBrowserEvent(); // kept
    await s.sendBrowserEvent((e) => {
      e.exception.values[0].stacktrace.frames.push({
        filename: 'chrome-extension://abcdefghijklmnop/content.js',
        function: 'inject',
        lineno: 3,
        colno: 9,
        in_app: true,
      });
    });
    await s.sendBrowserEvent((e) => (e.request.headers['User-Agent'] = GOOGLEBOT));
    await s.sendBrowserEvent((e) => (e.request.headers['User-Agent'] = IE11));
    await s.sendBrowserEvent((e) => (e.request.url = 'http://localhost:3000/shop.html?tab=1'));
    await s.sendBrowserEvent(
      (e) => (e.exception.values[0].value = 'ResizeObserver loop completed with undelivered notifications.'),
    );
    await s.sendBrowserEvent((e) => (e.release = 'shop@0.9.1'));
    await s.transaction('GET /healthz');
    await s.transaction('GET /checkout');
    expect(await s.stored()).toBe(1);
    // The quota counts the one stored error (transactions are not part of the monthly event quota).
    expect(await s.used()).toBe(1);
    expect(await s.stats()).toEqual({
      'error/accepted/': 1,
      'transaction/accepted/': 1,
      'error/filtered/browser_extensions': 1,
      'error/filtered/web_crawlers': 1,
      'error/filtered/legacy_browsers': 1,
      'error/filtered/localhost': 1,
      'error/filtered/error_message': 1,
      'error/filtered/release_version': 1,
      'transaction/filtered/health_check': 1,
      // Each transaction's root span goes with it.
      'span/accepted/': 1,
      'span/filtered/health_check': 1,
    });
  });

  it('turned off, the same events are stored', async () => {
    const s = await setup();
    await s.setFilters({ browserExtensions: false, webCrawlers: false });
    await s.sendBrowserEvent((e) => (e.request.headers['User-Agent'] = GOOGLEBOT));
    await s.sendBrowserEvent((e) =>
      e.exception.values[0].stacktrace.frames.push({ filename: 'moz-extension://x/y.js', lineno: 1, colno: 1 }),
    );
    expect(await s.stored()).toBe(2);
  });

  it.each([
    ['a flag that is not a boolean', { localhost: 'yes' }, 'localhost'],
    ['an empty pattern', { errorMessages: [''] }, 'errorMessages.0'],
    ['too many patterns', { releases: Array.from({ length: 51 }, (_, i) => `r${i}`) }, 'releases'],
    ['nothing', {}, ''],
  ])('PATCH with %s: 400 naming the field, nothing changed', async (_label, body, field) => {
    const s = await setup();
    const res = await s.client.patch(`/api/v1/projects/${s.project.id}/filters`, body);
    expect(res.status).toBe(400);
    expect(res.body.error.map((e: { path: (string | number)[] }) => e.path.join('.'))).toEqual([field]);
    expect((await s.client.get(`/api/v1/projects/${s.project.id}/filters`)).body.data.filters.localhost).toBe(false);
  });
});

describe('delete, and delete and discard', () => {
  it('delete removes the issue and its events; its next event makes a new issue', async () => {
    const s = await setup();
    await s.sendBrowserEvent();
    await s.sendBrowserEvent();
    const [issue] = (await s.client.get(`/api/v1/projects/${s.project.id}/issues`)).body.data.issues;
    const del = await s.client.delete(`/api/v1/projects/${s.project.id}/issues/${issue.id}`);
    expect([del.status, del.body.data]).toEqual([200, { id: issue.id, eventsDeleted: 2, discarded: false }]);
    expect(await s.stored()).toBe(0);
    expect((await s.client.get(`/api/v1/projects/${s.project.id}/issues/${issue.id}`)).status).toBe(404);
    await s.sendBrowserEvent();
    expect(await s.stored()).toBe(1);
  });

  it('discard drops the fingerprint’s later events before the quota, counted; undo stores them again', async () => {
    const s = await setup();
    await s.sendBrowserEvent();
    const [issue] = (await s.client.get(`/api/v1/projects/${s.project.id}/issues`)).body.data.issues;
    expect((await s.client.post(`/api/v1/projects/${s.project.id}/issues/${issue.id}/discard`)).status).toBe(200);
    const usedBefore = await s.used();
    await s.sendBrowserEvent();
    await s.sendBrowserEvent();
    expect(await s.stored()).toBe(0);
    expect(await s.used()).toBe(usedBefore);
    expect((await s.stats())['error/filtered/discarded_hash']).toBe(2);
    const settings = (await s.client.get(`/api/v1/projects/${s.project.id}/filters`)).body.data;
    expect(settings.discarded).toEqual([
      { fingerprint: expect.any(String), title: issue.title, discardedAt: expect.any(String) },
    ]);
    expect(
      (await s.client.delete(`/api/v1/projects/${s.project.id}/filters/discarded/${settings.discarded[0].fingerprint}`))
        .status,
    ).toBe(200);
    await s.sendBrowserEvent();
    expect(await s.stored()).toBe(1);
  });

  it('a MEMBER cannot delete; another organization gets 404 and nothing changes', async () => {
    const s = await setup();
    await s.sendBrowserEvent();
    const [issue] = (await s.client.get(`/api/v1/projects/${s.project.id}/issues`)).body.data.issues;
    const stranger = await signUp();
    for (const res of [
      await stranger.client.delete(`/api/v1/projects/${s.project.id}/issues/${issue.id}`),
      await stranger.client.post(`/api/v1/projects/${s.project.id}/issues/${issue.id}/discard`),
      await stranger.client.patch(`/api/v1/projects/${s.project.id}/filters`, { localhost: true }),
      await stranger.client.get(`/api/v1/projects/${s.project.id}/filters`),
    ]) {
      expect(res.status).toBe(404);
    }
    expect(await s.stored()).toBe(1);
    expect((await s.client.get(`/api/v1/projects/${s.project.id}/filters`)).body.data.filters.localhost).toBe(false);
  });
});
