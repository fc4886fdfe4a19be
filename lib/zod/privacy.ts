import { z } from 'zod';

export const MAX_PRIVACY_FIELDS = 50;

// A field name as a person types it: letters, digits and the punctuation keys use (matched ignoring case and punctuation).
const fieldName = z
  .string({ message: 'Each field must be a name' })
  .trim()
  .min(1, 'Field names must not be empty')
  .max(100, 'Field names must be at most 100 characters')
  .regex(/^[\w .\-[\]$@:/]*$/, 'Field names may hold letters, digits, spaces and . - _ [ ] $ @ : / only');

const fieldList = (label: string) =>
  z
    .array(fieldName)
    .max(MAX_PRIVACY_FIELDS, `${label}: at most ${MAX_PRIVACY_FIELDS} fields`)
    .transform((l) => [...new Set(l)]);

export const updateProjectPrivacySchema = z
  .object({
    scrubDefaults: z.boolean({ message: 'Default scrubbers: must be true or false' }).optional(),
    sensitiveFields: fieldList('Additional sensitive fields').optional(),
    safeFields: fieldList('Safe fields').optional(),
    scrubIpAddresses: z.boolean({ message: "Don't store IP addresses: must be true or false" }).optional(),
  })
  .strict()
  .refine((v) => Object.values(v).some((x) => x !== undefined), {
    message: 'Nothing to update: give at least one setting',
    path: [],
  });

export const updateOrgPrivacySchema = z
  .object({ requireScrubbing: z.boolean({ message: 'Require scrubbing: must be true or false' }) })
  .strict();

export type UpdateProjectPrivacyInput = z.infer<typeof updateProjectPrivacySchema>;
