import { afterAll, beforeAll } from 'vitest';

/** Enables GitHub sign-in for the enclosing describe block: the provider hand-off route exists only then. */
export function withOAuthProviderEnabled(): void {
  beforeAll(() => {
    process.env.GITHUB_CLIENT_ID = 'test-client';
    process.env.GITHUB_CLIENT_SECRET = 'test-secret';
  });
  afterAll(() => {
    delete process.env.GITHUB_CLIENT_ID;
    delete process.env.GITHUB_CLIENT_SECRET;
  });
}
