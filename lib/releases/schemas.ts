import { z } from 'zod';
import { clampedInt } from '@/lib/zod/query';

// Sentry's rule: no slashes or newlines, not `.`/`..`/`latest`, at most 200 characters.
export const releaseVersion = z
  .string({ message: 'Version is required' })
  .trim()
  .min(1, 'Version is required')
  .max(200, 'Version must be at most 200 characters')
  .regex(/^[^/\\\r\n\t\f\v]+$/, 'A version cannot contain slashes or line breaks')
  .refine((v) => v !== '.' && v !== '..' && v !== 'latest', 'This version name is reserved');

export const createReleaseSchema = z.object({ version: releaseVersion });
export const releaseParams = z.object({ projectId: z.string().min(1), version: z.string().min(1).max(200) });
export const listReleasesQuery = z.object({ page: clampedInt(1, 1, 100_000), limit: clampedInt(25, 1, 100) });
export type ListReleasesQuery = z.infer<typeof listReleasesQuery>;
