import { describe, expect, it } from 'vitest';
import { hostOf, pathAndQuery } from './url-parts';

describe('url parts', () => {
  it.each([
    ['https://shop.example/api/cart?id=7&x=1', '/api/cart?id=7&x=1', 'shop.example'],
    ['https://shop.example:8443/', '/', 'shop.example:8443'],
    ['https://shop.example', '/', 'shop.example'],
    ['http://api.example/v1/users/42#frag', '/v1/users/42', 'api.example'],
    ['/api/cart?step=2', '/api/cart?step=2', null],
    ['api/cart', 'api/cart', null],
    ['https://', 'https://', null],
    ['', '', null],
  ])('%s → %s on %s', (url, path, host) => {
    expect(pathAndQuery(url)).toBe(path);
    expect(hostOf(url)).toBe(host);
  });
});
