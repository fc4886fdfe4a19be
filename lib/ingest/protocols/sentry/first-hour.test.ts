// #38 with what the real @sentry/browser 11 sent from Chromium (tests/fixtures/sentry-browser-11-event.envelope,
// captured by e2e/sentry-tabs.spec.ts): frames and culprits without the page's query string, the browser, OS and
// device read off the User-Agent, and the culprit taken from the application's own code.
import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import type { ErrorUnit } from '@/lib/envelope/validate-envelope';
import { groupingOf } from '@/lib/ingest/enrich/grouping/group-event';
import { prepareItems } from '@/lib/ingest/protocols/sentry/prepare-items';

const envelope = fs.readFileSync(
  path.join(import.meta.dirname, '../../../../tests/fixtures/sentry-browser-11-event.envelope'),
  'utf8',
);
const [header, itemHeader, payload] = envelope.split('\n');
const browserEvent = JSON.parse(payload) as {
  request: { url: string; headers: Record<string, string> };
  exception: { values: { stacktrace: { frames: Record<string, unknown>[] } }[] };
};

/** The captured envelope with its event changed by `patch`, through the envelope endpoint's parser. */
function unitOf(patch: (e: typeof browserEvent) => void): ErrorUnit {
  const event = structuredClone(browserEvent);
  patch(event);
  const r = prepareItems('envelope', Buffer.from([header, itemHeader, JSON.stringify(event)].join('\n')));
  if (!r.ok) throw new Error(JSON.stringify(r.issues));
  return r.units[0] as ErrorUnit;
}

const withPage = (query: string) =>
  unitOf((e) => {
    for (const f of e.exception.values[0].stacktrace.frames)
      f.filename = String(f.filename).replace(/\?.*$/, '') + query;
    e.request.url = `http://127.0.0.1:36065/shop.html${query}`;
  });

describe('the page URL’s query string and fragment', () => {
  const plain = withPage('');
  it.each([
    ['another query string', '?tab=1&utm_source=mail1'],
    ['a fragment', '#top'],
    ['both', '?tab=4#checkout'],
  ])('%s: the same fingerprint and culprit, the frame file without it, abs_path as sent', (_label, query) => {
    const u = withPage(query);
    expect(groupingOf(u, 2)).toEqual(groupingOf(plain, 2));
    expect(groupingOf(u, 1)).toEqual(groupingOf(plain, 1));
    const top = u.envelope.exception.stacktrace.frames[0];
    expect(top.filename).toBe('http://127.0.0.1:36065/shop.html');
    expect(top.abs_path).toBe(`http://127.0.0.1:36065/shop.html${query}`);
  });
  it('the culprit as the captured event gives it', () => {
    expect(
      groupingOf(
        unitOf(() => {}),
        2,
      ).culprit,
    ).toBe('http://127.0.0.1:36065/shop.html in Array.checkStock');
  });
});

describe('browser, OS and device from the User-Agent', () => {
  it.each([
    [
      'Chromium as captured (Playwright’s desktop Chrome)',
      undefined,
      { browser: { name: 'Chrome', version: '159.0.8154.6' }, os: { name: 'Windows', version: '10' } },
    ],
    [
      'Safari on an iPhone',
      'Mozilla/5.0 (iPhone; CPU iPhone OS 17_4 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.4 Mobile/15E148 Safari/604.1',
      {
        browser: { name: 'Mobile Safari', version: '17.4' },
        os: { name: 'iOS', version: '17.4' },
        device: { family: 'iPhone', model: 'iPhone', brand: 'Apple' },
      },
    ],
    [
      'Chrome on a Pixel',
      'Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/124.0.0.0 Mobile Safari/537.36',
      {
        browser: { name: 'Chrome', version: '124.0.0.0' },
        os: { name: 'Android', version: '14' },
        device: { family: 'Pixel 8', model: 'Pixel 8', brand: 'Google' },
      },
    ],
    [
      'Firefox on Linux',
      'Mozilla/5.0 (X11; Linux x86_64; rv:128.0) Gecko/20100101 Firefox/128.0',
      { browser: { name: 'Firefox', version: '128.0' }, os: { name: 'Linux' } },
    ],
  ])('%s', (_label, ua, expected) => {
    const u = unitOf((e) => {
      if (ua) e.request.headers['User-Agent'] = ua;
    });
    const contexts = u.envelope.contexts as Record<string, unknown>;
    expect({ browser: contexts.browser, os: contexts.os, device: contexts.device }).toEqual({
      device: undefined,
      ...expected,
    });
    // What the SDK did send stays.
    expect(contexts.culture).toEqual({ locale: 'en-US', timezone: 'UTC', calendar: 'gregory' });
  });

  it('a context the SDK sent wins over the User-Agent', () => {
    const u = unitOf((e) => {
      (e as unknown as { contexts: Record<string, unknown> }).contexts = {
        browser: { name: 'Electron', version: '30.0.1' },
      };
    });
    expect((u.envelope.contexts as Record<string, unknown>).browser).toEqual({ name: 'Electron', version: '30.0.1' });
    expect((u.envelope.contexts as Record<string, unknown>).os).toEqual({ name: 'Windows', version: '10' });
  });

  it.each([['curl/8.5.0'], ['Googlebot/2.1 (+http://www.google.com/bot.html)'], ['']])('%j adds nothing', (ua) => {
    const u = unitOf((e) => {
      e.request.headers['User-Agent'] = ua;
    });
    const contexts = u.envelope.contexts as Record<string, unknown>;
    expect([contexts.browser, contexts.os, contexts.device]).toEqual([undefined, undefined, undefined]);
  });
});

describe('the culprit is the application’s own frame', () => {
  const lib = {
    filename: 'http://127.0.0.1:36065/static/node_modules/lodash/lodash.js',
    function: 'baseGet',
    in_app: true,
    lineno: 10,
    colno: 1,
  };
  it.each([
    [
      'a bundled library frame on top (the browser SDK marks it in_app)',
      [lib],
      'http://127.0.0.1:36065/shop.html in Array.checkStock',
    ],
    [
      'a vendor file on top',
      [{ ...lib, filename: 'http://127.0.0.1:36065/vendor/jquery.js', function: 'each' }],
      'http://127.0.0.1:36065/shop.html in Array.checkStock',
    ],
    [
      'a frame marked not in_app on top',
      [{ ...lib, filename: 'http://cdn.example/lib.js', in_app: false }],
      'http://127.0.0.1:36065/shop.html in Array.checkStock',
    ],
  ])('%s', (_label, innermost, culprit) => {
    // Sentry frames are outermost first: the library frames go last.
    const u = unitOf((e) => e.exception.values[0].stacktrace.frames.push(...innermost));
    expect(groupingOf(u, 2).culprit).toBe(culprit);
  });
  it('only library frames: the innermost one', () => {
    const u = unitOf((e) => (e.exception.values[0].stacktrace.frames = [lib]));
    expect(groupingOf(u, 2).culprit).toBe('http://127.0.0.1:36065/static/node_modules/lodash/lodash.js in baseGet');
  });
});
