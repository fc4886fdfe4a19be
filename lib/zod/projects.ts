import { z } from 'zod';

/**
 * Every platform a project can be made for: Sentry's SDKs by Sentry's names, and `other`, in the order of the catalog
 * the setup page shows (lib/projects/platforms.ts, which has an entry for each).
 */
export const PLATFORMS = [
  'javascript',
  'react',
  'nextjs',
  'node',
  'python',
  'other',
  'javascript-vue',
  'javascript-angular',
  'javascript-svelte',
  'javascript-sveltekit',
  'javascript-remix',
  'javascript-nuxt',
  'javascript-astro',
  'node-express',
  'node-nestjs',
  'bun',
  'deno',
  'cloudflare-workers',
  'python-django',
  'python-flask',
  'python-fastapi',
  'python-celery',
  'go',
  'ruby',
  'ruby-rails',
  'php',
  'php-laravel',
  'php-symfony',
  'java',
  'java-spring-boot',
  'kotlin',
  'dotnet',
  'dotnet-aspnetcore',
  'rust',
  'elixir',
  'cocoa',
  'android',
  'flutter',
  'react-native',
  'electron',
  'unity',
  'native',
] as const;
export type PlatformId = (typeof PLATFORMS)[number];
const platform = z.enum(PLATFORMS, { message: 'Unknown platform' });

const name = z
  .string({ message: 'Name is required' })
  .trim()
  .min(1, 'Name is required')
  .max(100, 'Name must be at most 100 characters');

export const createProjectSchema = z.object({
  name,
  platform: platform.default('javascript'),
  /**
   * Beyond the contract (#60): start the project with its default alert rules (every new issue and every regression,
   * emailed to the project's members), as Sentry's "Alert me on every new issue". On unless `false`.
   */
  defaultRules: z.boolean({ message: 'Must be true or false' }).default(true),
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
