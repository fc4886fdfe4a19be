// Grouping settings (#63): the request bodies of the grouping settings and their preview, shared by the routes, the
// settings page and the tests.
import { z } from 'zod';

/** Every grouping version (lib/grouping/version.ts says what each does); a project is created with the last. */
export const GROUPING_VERSIONS = [1, 2, 3] as const;

/** The longest text of rules accepted, in characters: every rule runs on every event of the project. */
export const MAX_GROUPING_RULES_CHARS = 20_000;

/** Days a replaced grouping config keeps grouping (its issues keep their events) unless a save says otherwise. */
export const DEFAULT_TRANSITION_DAYS = 90;
export const MAX_TRANSITION_DAYS = 365;

const rulesText = z
  .string({ message: 'Must be a string' })
  .max(MAX_GROUPING_RULES_CHARS, `At most ${MAX_GROUPING_RULES_CHARS} characters`);

const version = z.literal(GROUPING_VERSIONS, {
  message: `Must be a grouping version: ${GROUPING_VERSIONS.join(', ')}`,
});

/** A draft config: a field left out keeps the project's. */
export const previewGroupingSchema = z.object({
  fingerprintRules: rulesText.optional(),
  stackRules: rulesText.optional(),
  version: version.optional(),
});
export type PreviewGroupingInput = z.infer<typeof previewGroupingSchema>;

export const updateGroupingSchema = previewGroupingSchema.extend({
  /** How long the config replaced keeps grouping beside the new one (0: the new one alone, at once). */
  transitionDays: z
    .number({ message: 'Must be a number of days' })
    .int('Must be a whole number of days')
    .min(0, 'Must be 0 or more')
    .max(MAX_TRANSITION_DAYS, `At most ${MAX_TRANSITION_DAYS} days`)
    .default(DEFAULT_TRANSITION_DAYS),
});
export type UpdateGroupingInput = z.infer<typeof updateGroupingSchema>;
