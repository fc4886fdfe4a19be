import { afterEach, describe, expect, it } from 'vitest';
import { enabledProviders, githubSettings, googleSettings } from './provider-settings';

const KEYS = [
  'GITHUB_CLIENT_ID',
  'GITHUB_CLIENT_SECRET',
  'GITHUB_OAUTH_BASE_URL',
  'GITHUB_API_BASE_URL',
  'GOOGLE_CLIENT_ID',
  'GOOGLE_CLIENT_SECRET',
  'GOOGLE_ISSUER',
];
const saved = Object.fromEntries(KEYS.map((k) => [k, process.env[k]]));

function setEnv(values: Record<string, string | undefined>) {
  for (const k of KEYS) delete process.env[k];
  Object.assign(process.env, values);
}

afterEach(() => {
  for (const k of KEYS) {
    if (saved[k] === undefined) delete process.env[k];
    else process.env[k] = saved[k];
  }
});

describe('enabledProviders', () => {
  it.each<[string, Record<string, string>, string[]]>([
    ['nothing set', {}, []],
    ['GitHub id without secret', { GITHUB_CLIENT_ID: 'id' }, []],
    ['GitHub secret blank', { GITHUB_CLIENT_ID: 'id', GITHUB_CLIENT_SECRET: '  ' }, []],
    ['GitHub id and secret', { GITHUB_CLIENT_ID: 'id', GITHUB_CLIENT_SECRET: 's' }, ['github']],
    ['Google id and secret', { GOOGLE_CLIENT_ID: 'id', GOOGLE_CLIENT_SECRET: 's' }, ['google']],
    [
      'both',
      { GITHUB_CLIENT_ID: 'a', GITHUB_CLIENT_SECRET: 'b', GOOGLE_CLIENT_ID: 'c', GOOGLE_CLIENT_SECRET: 'd' },
      ['github', 'google'],
    ],
  ])('%s', (_label, values, expected) => {
    setEnv(values);
    expect(enabledProviders().map((p) => p.id)).toEqual(expected);
  });
});

describe('endpoints', () => {
  it('default to the real providers', () => {
    setEnv({ GITHUB_CLIENT_ID: 'a', GITHUB_CLIENT_SECRET: 'b', GOOGLE_CLIENT_ID: 'c', GOOGLE_CLIENT_SECRET: 'd' });
    expect(githubSettings()).toMatchObject({
      oauthBaseUrl: 'https://github.com',
      apiBaseUrl: 'https://api.github.com',
    });
    expect(googleSettings()).toMatchObject({ issuer: 'https://accounts.google.com' });
  });

  it('follow the environment, without a trailing slash', () => {
    setEnv({
      GITHUB_CLIENT_ID: 'a',
      GITHUB_CLIENT_SECRET: 'b',
      GITHUB_OAUTH_BASE_URL: 'http://127.0.0.1:9/github/',
      GITHUB_API_BASE_URL: 'http://127.0.0.1:9/api',
      GOOGLE_CLIENT_ID: 'c',
      GOOGLE_CLIENT_SECRET: 'd',
      GOOGLE_ISSUER: 'http://127.0.0.1:9/google/',
    });
    expect(githubSettings()).toEqual({
      clientId: 'a',
      clientSecret: 'b',
      oauthBaseUrl: 'http://127.0.0.1:9/github',
      apiBaseUrl: 'http://127.0.0.1:9/api',
    });
    expect(googleSettings()).toEqual({ clientId: 'c', clientSecret: 'd', issuer: 'http://127.0.0.1:9/google' });
  });
});
