import { describe, expect, it } from 'vitest';
import { createProjectSchema, PLATFORMS } from '@/lib/zod/projects';
import { PLATFORM_CATALOG, platformOf, platformsByGroup } from './platforms';

const DSN = 'http://0123456789abcdef0123456789abcdef@errors.example.com/7';

describe('the platform catalog', () => {
  it('has unique ids, keeps the first six, and offers every platform the issue names', () => {
    const ids = PLATFORM_CATALOG.map((p) => p.id);
    expect(new Set(ids).size).toBe(ids.length);
    // One entry for each platform the schemas accept, in the same order.
    expect(ids).toEqual([...PLATFORMS]);
    expect(ids.slice(0, 6)).toEqual(['javascript', 'react', 'nextjs', 'node', 'python', 'other']);
    for (const id of [
      'go',
      'ruby',
      'php',
      'java',
      'dotnet',
      'rust',
      'elixir',
      'cocoa',
      'android',
      'flutter',
      'react-native',
      'unity',
    ])
      expect(ids).toContain(id);
  });

  it.each(PLATFORM_CATALOG.filter((p) => p.init).map((p) => [p.id, p] as const))(
    '%s: its init snippet carries the DSN and it has an SDK and install step',
    (_id, p) => {
      expect(p.init!.code(DSN)).toContain(DSN);
      expect(p.sdk).toBeTruthy();
      expect(p.install?.code).toBeTruthy();
    },
  );

  it.each([
    ['go', 'sentry.Init(sentry.ClientOptions{', 'go get github.com/getsentry/sentry-go'],
    ['ruby', 'config.dsn = "', 'gem "sentry-ruby"'],
    ['python-django', 'sentry_sdk.init(', 'pip install --upgrade sentry-sdk'],
    ['node', "import * as Sentry from '@sentry/node'", 'npm install @sentry/node'],
    ['dotnet', 'SentrySdk.Init(', 'dotnet add package Sentry'],
  ])('%s shows that SDK', (id, init, install) => {
    expect(platformOf(id).init!.code(DSN)).toContain(init);
    expect(platformOf(id).install!.code).toBe(install);
  });

  it('every platform is in one group of the picker, and the API schema takes each', () => {
    expect(platformsByGroup().flatMap(([, ps]) => ps).length).toBe(PLATFORM_CATALOG.length);
    for (const p of PLATFORM_CATALOG)
      expect(createProjectSchema.safeParse({ name: 'x', platform: p.id }).success).toBe(true);
    const bad = createProjectSchema.safeParse({ name: 'x', platform: 'cobol' });
    expect(bad.success ? null : bad.error.issues.map((i) => [i.path.join('.'), i.message])).toEqual([
      ['platform', 'Unknown platform'],
    ]);
  });

  it('an id from older data reads as Other', () => {
    expect(platformOf('cobol')).toMatchObject({ id: 'other', label: 'Other' });
  });
});
