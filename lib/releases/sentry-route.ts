import { z } from 'zod';
import { notFound } from '@/lib/errors';
import { assertOrgSlug } from '@/lib/sourcemaps/assemble-artifact-bundle';

// What every Sentry release endpoint shares: organization scope, `releases` tokens, `detail` in errors.
export const orgSpec = {
  auth: 'session',
  scope: 'organization',
  tokens: 'releases',
  sentryErrors: true,
  params: z.object({ org: z.string().min(1).max(100) }),
} as const;
export const releaseSpec = {
  ...orgSpec,
  params: z.object({ org: z.string().min(1).max(100), version: z.string().min(1).max(200) }),
} as const;

/** The organization in the path must be the caller's (its slug): else 404, as Sentry answers. */
export async function assertOrg(orgId: string, slug: string): Promise<void> {
  if (!(await assertOrgSlug(orgId, slug))) throw notFound('Organization');
}
