// Ownership rules and CODEOWNERS files (#49): request bodies, shared by the routes, the settings page and the tests.
import { z } from 'zod';

/** The longest rules text accepted, in characters. */
export const MAX_RULES_CHARS = 100_000;

const rulesText = z
  .string({ message: 'Must be a string' })
  .max(MAX_RULES_CHARS, `At most ${MAX_RULES_CHARS} characters`);

export const updateOwnershipSchema = z
  .object({
    raw: rulesText.optional(),
    /** Assign each new issue to its owner (the first owner of the winning rule) while it is unassigned. */
    autoAssignment: z.boolean({ message: 'Must be true or false' }).optional(),
  })
  .refine((b) => b.raw !== undefined || b.autoAssignment !== undefined, {
    message: 'Send raw, autoAssignment or both',
  });
export type UpdateOwnershipInput = z.infer<typeof updateOwnershipSchema>;

export const previewOwnershipSchema = z.object({ raw: rulesText });

const root = z.string({ message: 'Must be a string' }).max(500, 'At most 500 characters');

export const uploadCodeownersSchema = z.object({
  /** The file's text; its size is checked by the service (413 over MAX_CODEOWNERS_CHARS). */
  raw: z.string({ message: 'Must be a string' }),
  /** The code mapping: a path under sourceRoot in the repository is under stackRoot in stack traces. */
  stackRoot: root.default(''),
  sourceRoot: root.default(''),
});
export type UploadCodeownersInput = z.infer<typeof uploadCodeownersSchema>;

export const codeownersParams = z.object({ projectId: z.string().min(1), codeownersId: z.string().min(1) });
