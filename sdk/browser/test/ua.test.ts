import { describe, expect, it } from 'vitest';
import { parseBrowser, parseOs } from '../src/ua';

const UAS: Array<[string, string, [string, string] | undefined, [string, string] | undefined]> = [
  [
    'Chrome on Windows',
    'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/124.0.6367.91 Safari/537.36',
    ['Chrome', '124.0.6367.91'],
    ['Windows', '10'],
  ],
  [
    'Edge on Windows',
    'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/124.0.0.0 Safari/537.36 Edg/124.0.2478.67',
    ['Edge', '124.0.2478.67'],
    ['Windows', '10'],
  ],
  [
    'Firefox on Linux',
    'Mozilla/5.0 (X11; Linux x86_64; rv:125.0) Gecko/20100101 Firefox/125.0',
    ['Firefox', '125.0'],
    ['Linux', ''],
  ],
  [
    'Safari on macOS',
    'Mozilla/5.0 (Macintosh; Intel Mac OS X 10_15_7) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.4.1 Safari/605.1.15',
    ['Safari', '17.4.1'],
    ['macOS', '10.15.7'],
  ],
  [
    'Safari on iPhone',
    'Mozilla/5.0 (iPhone; CPU iPhone OS 17_4_1 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.4.1 Mobile/15E148 Safari/604.1',
    ['Safari', '17.4.1'],
    ['iOS', '17.4.1'],
  ],
  [
    'Chrome on iOS',
    'Mozilla/5.0 (iPhone; CPU iPhone OS 17_4 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) CriOS/124.0.6367.88 Mobile/15E148 Safari/604.1',
    ['Chrome', '124.0.6367.88'],
    ['iOS', '17.4'],
  ],
  [
    'Chrome on Android',
    'Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/124.0.6367.113 Mobile Safari/537.36',
    ['Chrome', '124.0.6367.113'],
    ['Android', '14'],
  ],
  [
    'Firefox on macOS',
    'Mozilla/5.0 (Macintosh; Intel Mac OS X 14.4; rv:125.0) Gecko/20100101 Firefox/125.0',
    ['Firefox', '125.0'],
    ['macOS', '14.4'],
  ],
  [
    'Headless Chrome on Linux',
    'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) HeadlessChrome/156.0.0.0 Safari/537.36',
    ['Chrome', '156.0.0.0'],
    ['Linux', ''],
  ],
  ['unknown', 'curl/8.5.0', undefined, undefined],
];

describe('user agent parsing', () => {
  for (const [label, ua, browser, os] of UAS) {
    it(label, () => {
      expect(parseBrowser(ua)).toEqual(browser ? { name: browser[0], version: browser[1] } : undefined);
      expect(parseOs(ua)).toEqual(os ? { name: os[0], version: os[1] } : undefined);
    });
  }
});
