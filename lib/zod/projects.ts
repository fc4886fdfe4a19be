import { z } from 'zod';

import { PLATFORM_IDS } from '@/lib/projects/platforms';

/** Every platform a project can be made for: lib/projects/platforms (Sentry's SDKs by Sentry's names, and `other`). */
export const PLATFORMS = PLATFORM_IDS;
const platform = z.enum(PLATFORMS, { message: 'Unknown platform' });

const name = z
  .string({ message: 'Name is required' })
  .trim()
  .min(1, 'Name is required')
  .max(100, 'Name must be at most 100 characters');

export const createProjectSchema = z.object({
  name,
  platform: platform.default('javascript'),
});

export const updateProjectSchema = z.object({
  name,
  platform: platform.optional(),
  /** Beyond the spec (#33): email the organization's members on each new piece of user feedback. */
  notifyFeedback: z.boolean({ message: 'Must be true or false' }).optional(),
});

const label = z.string().trim().min(1, 'Label is required').max(100, 'Label must be at most 100 characters');

export const createKeySchema = z.object({ label: label.default('New key') });

export const updateKeySchema = z
  .object({
    label: label.optional(),
    enabled: z.boolean().optional(),
    /** Events per minute this key may send; null returns it to the server's default. */
    rateLimitPerMinute: z
      .number()
      .int('Must be a whole number')
      .min(1, 'At least 1 a minute')
      .max(1_000_000, 'At most 1,000,000 a minute')
      .nullable()
      .optional(),
  })
  .refine((v) => v.label !== undefined || v.enabled !== undefined || v.rateLimitPerMinute !== undefined, {
    message: 'Nothing to update: give label, enabled or rateLimitPerMinute',
    path: [],
  });

export const projectParams = z.object({ projectId: z.string().min(1) });
export const keyParams = z.object({ projectId: z.string().min(1), keyId: z.string().min(1) });

export type CreateProjectInput = z.infer<typeof createProjectSchema>;
export type UpdateProjectInput = z.infer<typeof updateProjectSchema>;
