// The integrations API's request shapes (#64). A provider's own fields (its config, secrets and project settings)
// are checked by the provider's schemas (lib/integrations/providers/<id>), under `config` and `secrets` here.
import { z } from 'zod';
import { clampedInt } from './query';

const id = z.string().min(1).max(100);
export const integrationParams = z.object({ integrationId: id });
export const integrationProjectParams = integrationParams.extend({ projectId: id });
export const codeMappingParams = z.object({ projectId: id, mappingId: id });
export const externalIssueParams = z.object({ projectId: id, issueId: id, linkId: id });
export const webhookParams = z.object({ integrationId: id });
export const webhookTokenParams = z.object({ integrationId: id, token: z.string().min(1).max(4096) });

const name = z
  .string({ message: 'Name must be a string' })
  .trim()
  .min(1, 'Name is required')
  .max(100, 'Name must be at most 100 characters');
const fields = z.record(z.string(), z.unknown(), { message: 'Must be an object of fields' });

export const connectIntegrationSchema = z.object({
  provider: z.string({ message: 'Choose a provider' }).min(1, 'Choose a provider').max(50),
  name: name.optional(),
  config: fields.default({}),
  secrets: fields.default({}),
});

export const updateIntegrationSchema = z
  .object({ name: name.optional(), config: fields.optional() })
  .refine((v) => v.name !== undefined || v.config !== undefined, 'Give a name or a config');

/** New secrets (only those that change); none: reseal the stored ones under the current key. */
export const rotateIntegrationSchema = z.object({ secrets: fields.default({}) });

export const projectConfigSchema = z.object({ config: fields });

const path = (what: string) =>
  z
    .string({ message: `${what} must be a string` })
    .trim()
    .max(500, `${what} must be at most 500 characters`)
    .refine((v) => !v.split('/').some((s) => s === '..'), `${what} may not hold ..`);

export const codeMappingSchema = z.object({
  integrationId: id,
  stackRoot: path('Stack root').default(''),
  sourceRoot: path('Source root').default(''),
  repository: z
    .string({ message: 'Give the repository' })
    .trim()
    .max(255)
    .regex(/^[A-Za-z0-9_.-]+(\/[A-Za-z0-9_.-]+)+$/, 'Give the repository as owner/name (or group/…/name)'),
  defaultBranch: z
    .string({ message: 'Give the default branch' })
    .trim()
    .min(1, 'Give the default branch')
    .max(255)
    .regex(/^[^\s~^:?*[\\]+$/, 'Not a valid branch name')
    .default('main'),
});
export const updateCodeMappingSchema = codeMappingSchema.partial();

export const externalIssueSchema = z.discriminatedUnion(
  'action',
  [
    z.object({ action: z.literal('create'), integrationId: id }),
    z.object({
      action: z.literal('link'),
      integrationId: id,
      reference: z
        .string({ message: 'Give the ticket: its key or URL' })
        .trim()
        .min(1, 'Give the ticket: its key or URL')
        .max(2048),
    }),
  ],
  { message: 'action must be create or link' },
);

export const deliveriesQuery = z.object({ page: clampedInt(1, 1, 10_000), limit: clampedInt(50, 1, 100) });

export type ConnectIntegrationInput = z.infer<typeof connectIntegrationSchema>;
export type UpdateIntegrationInput = z.infer<typeof updateIntegrationSchema>;
export type CodeMappingInput = z.infer<typeof codeMappingSchema>;
export type ExternalIssueInput = z.infer<typeof externalIssueSchema>;
