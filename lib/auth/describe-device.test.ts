import { describe, expect, it } from 'vitest';
import { describeDevice } from './describe-device';

describe('describeDevice', () => {
  it.each([
    [
      'Mozilla/5.0 (Macintosh; Intel Mac OS X 10_15_7) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/120.0.0.0 Safari/537.36',
      { label: 'Chrome on macOS', browser: 'Chrome 120', os: 'macOS 10.15.7', device: 'Macintosh' },
    ],
    [
      'Mozilla/5.0 (iPhone; CPU iPhone OS 17_1 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.1 Mobile/15E148 Safari/604.1',
      { label: 'Mobile Safari on iPhone', browser: 'Mobile Safari 17', os: 'iOS 17.1', device: 'iPhone' },
    ],
    [
      'Mozilla/5.0 (Windows NT 10.0; Win64; x64; rv:121.0) Gecko/20100101 Firefox/121.0',
      { label: 'Firefox on Windows', browser: 'Firefox 121', os: 'Windows 10', device: null },
    ],
    ['curl/8.4.0', { label: 'curl/8.4.0', browser: null, os: null, device: null }],
    [null, { label: 'Unknown device', browser: null, os: null, device: null }],
  ])('%s', (ua, expected) => {
    expect(describeDevice(ua)).toEqual(expected);
  });
});
