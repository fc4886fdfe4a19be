import { describe, expect, it } from 'vitest';
import type { ErrorEnvelope, TransactionEnvelope } from '@/lib/envelope/schemas';
import { DEFAULT_FILTERS, errorFilterReason, filtersOf, globMatches, transactionFilterReason } from './inbound-filters';

const ALL = { ...DEFAULT_FILTERS, localhost: true, legacyBrowsers: true, healthChecks: true };
const error = (patch: Partial<ErrorEnvelope> = {}, ua?: string): ErrorEnvelope =>
  ({
    exception: {
      type: 'TypeError',
      value: 'x is undefined',
      stacktrace: { frames: [{ filename: 'https://shop.example/app.js', lineno: 1 }] },
    },
    level: 'error',
    request: { url: 'https://shop.example/', headers: ua ? { 'User-Agent': ua } : {} },
    ...patch,
  }) as ErrorEnvelope;

describe('legacy browsers and crawlers, by User-Agent', () => {
  it.each([
    ['IE 11', 'Mozilla/5.0 (Windows NT 10.0; WOW64; Trident/7.0; rv:11.0) like Gecko', 'legacy_browsers'],
    ['IE 9', 'Mozilla/5.0 (compatible; MSIE 9.0; Windows NT 6.1; Trident/5.0)', 'legacy_browsers'],
    [
      'EdgeHTML 18',
      'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/70.0.3538.102 Safari/537.36 Edge/18.19582',
      'legacy_browsers',
    ],
    [
      'Safari 11',
      'Mozilla/5.0 (Macintosh; Intel Mac OS X 10_13_6) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/11.1.2 Safari/605.1.15',
      'legacy_browsers',
    ],
    [
      'Chrome 49',
      'Mozilla/5.0 (Windows NT 5.1) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/49.0.2623.112 Safari/537.36',
      'legacy_browsers',
    ],
    [
      'Chrome 159',
      'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/159.0.8154.6 Safari/537.36',
      null,
    ],
    [
      'Safari 17 on an iPhone',
      'Mozilla/5.0 (iPhone; CPU iPhone OS 17_4 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.4 Mobile/15E148 Safari/604.1',
      null,
    ],
    ['Firefox 128', 'Mozilla/5.0 (X11; Linux x86_64; rv:128.0) Gecko/20100101 Firefox/128.0', null],
    ['Googlebot', 'Mozilla/5.0 (compatible; Googlebot/2.1; +http://www.google.com/bot.html)', 'web_crawlers'],
    ['Bingbot', 'Mozilla/5.0 (compatible; bingbot/2.0; +http://www.bing.com/bingbot.htm)', 'web_crawlers'],
    ['an uptime checker', 'Mozilla/5.0+(compatible; UptimeRobot/2.0; http://www.uptimerobot.com/)', 'web_crawlers'],
    ['curl', 'curl/8.5.0', null],
    [
      'Playwright’s headless Chromium',
      'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) HeadlessChrome/159.0.0.0 Safari/537.36',
      null,
    ],
  ])('%s', (_label, ua, reason) => {
    expect(errorFilterReason(ALL, error({}, ua))).toBe(reason);
  });
});

describe('the other filters', () => {
  it.each([
    [
      'an extension frame on top',
      error({
        exception: {
          type: 'Error',
          value: 'x',
          stacktrace: { frames: [{ filename: 'chrome-extension://abc/content.js', lineno: 1 }] },
        } as ErrorEnvelope['exception'],
      }),
      'browser_extensions',
    ],
    [
      'a message extensions are known for',
      error({
        exception: {
          type: 'Error',
          value: "Can't find variable: ZiteReader",
          stacktrace: { frames: [{ filename: 'a.js', lineno: 1 }] },
        } as ErrorEnvelope['exception'],
      }),
      'browser_extensions',
    ],
    [
      'a page on localhost',
      error({ request: { url: 'http://localhost:3000/cart' } } as Partial<ErrorEnvelope>),
      'localhost',
    ],
    ['a page on [::1]', error({ request: { url: 'http://[::1]:8080/' } } as Partial<ErrorEnvelope>), 'localhost'],
    ['a user on 127.0.0.1', error({ user: { ip_address: '127.0.0.1' } } as Partial<ErrorEnvelope>), 'localhost'],
    ['a shop on the internet', error(), null],
  ])('%s', (_label, env, reason) => {
    expect(errorFilterReason(ALL, env)).toBe(reason);
  });

  it.each([
    ['GET /healthz', 'health_check'],
    ['GET /api/health', 'health_check'],
    ['/ping', 'health_check'],
    ['kubernetes liveness probe', 'health_check'],
    ['GET /ready', 'health_check'],
    ['GET /checkout', null],
    ['GET /delivery', null],
    ['GET /already-paid', null],
  ])('transaction %s', (name, reason) => {
    expect(transactionFilterReason(ALL, { type: 'transaction', name, duration: 1 } as TransactionEnvelope)).toBe(
      reason,
    );
  });

  it.each([
    ['*ResizeObserver*', 'ResizeObserver loop limit exceeded', true],
    ['TypeError: *', 'TypeError: x is undefined', true],
    ['typeerror: X IS *', 'TypeError: x is undefined', true],
    ['1.0.*', '1.0.3', true],
    ['1.0.*', '1.10.0', false],
    ['a.b', 'axb', false],
    ['(x)', '(x)', true],
  ])('glob %j against %j: %s', (pattern, text, expected) => {
    expect(globMatches(pattern, text)).toBe(expected);
  });

  it('stored settings missing a key take its default; junk reads as the defaults', () => {
    expect(filtersOf({ localhost: true })).toEqual({ ...DEFAULT_FILTERS, localhost: true });
    expect(filtersOf({ localhost: 'yes' })).toEqual(DEFAULT_FILTERS);
    expect(filtersOf(null)).toEqual(DEFAULT_FILTERS);
  });
});
