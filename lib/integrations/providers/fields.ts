// Pieces the providers' connect forms and schemas share (#64).
import { z } from 'zod';
import type { ProviderField } from '../provider';

/** A provider's address (GitHub Enterprise Server, self-managed GitLab, a Jira site): http(s), no query, no slash at the end. */
export const baseUrl = z
  .string({ message: 'Give the address' })
  .trim()
  .max(2048, 'At most 2,048 characters')
  .refine((v) => {
    try {
      const u = new URL(v);
      return (u.protocol === 'https:' || u.protocol === 'http:') && !u.search && !u.hash && !u.username;
    } catch {
      return false;
    }
  }, 'Must be an http(s) address without query or credentials')
  .transform((v) => v.replace(/\/+$/, ''));

/** Empty means the provider's public service. */
export const optionalBaseUrl = z.preprocess((v) => (v === '' || v === null ? undefined : v), baseUrl.optional());

export const requiredSecret = (what: string) =>
  z
    .string({ message: `Give the ${what}` })
    .trim()
    .min(1, `Give the ${what}`)
    .max(4096, `The ${what} is too long`);

/** owner/name (GitHub) or group/subgroup/name (GitLab). */
export const repositoryPath = (shape: string) =>
  z
    .string({ message: `Give the repository as ${shape}` })
    .trim()
    .max(255)
    .regex(/^[A-Za-z0-9_.-]+(\/[A-Za-z0-9_.-]+)+$/, `Give the repository as ${shape}`)
    .refine((v) => !v.split('/').some((s) => s === '.' || s === '..'), `Give the repository as ${shape}`);

export const baseUrlField = (placeholder: string, hint: string): ProviderField => ({
  name: 'baseUrl',
  label: 'Base URL',
  in: 'config',
  type: 'url',
  hint: `${hint}. Empty: ${placeholder}`,
});

export const webhookSecretField = (hint: string): ProviderField => ({
  name: 'webhookSecret',
  label: 'Webhook secret',
  in: 'secrets',
  type: 'password',
  required: true,
  hint: `The same secret in ${hint}: it proves a webhook came from there`,
});
