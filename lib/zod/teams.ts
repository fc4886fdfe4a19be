import { z } from 'zod';

/** What a team's slug may be: lower-case letters and digits, single hyphens between them (as `#slug` in rules). */
export const TEAM_SLUG = /^[a-z0-9]+(?:-[a-z0-9]+)*$/;
export const TEAM_NAME_MAX = 64;
export const TEAM_SLUG_MAX = 64;

const name = z
  .string({ error: (i) => (i.input === undefined ? 'Name is required' : 'Name must be a string') })
  .trim()
  .min(1, { error: 'Name is required', abort: true })
  .max(TEAM_NAME_MAX, `Name must be at most ${TEAM_NAME_MAX} characters`)
  .refine((s) => /[a-z0-9]/i.test(s.normalize('NFKD')), 'Name must contain a letter or a digit');

const slug = z
  .string({ error: 'Slug must be a string' })
  .min(1, { error: 'Slug is required', abort: true })
  .max(TEAM_SLUG_MAX, `Slug must be at most ${TEAM_SLUG_MAX} characters`)
  .regex(TEAM_SLUG, 'Slug may hold lower-case letters, digits and single hyphens between them');

export const teamParams = z.object({ teamId: z.string().min(1) });
export const teamMemberParams = teamParams.extend({ userId: z.string().min(1) });
export const teamProjectParams = teamParams.extend({ projectId: z.string().min(1) });

/** The slug is made from the name (`Payments EU` → `payments-eu`) unless given. */
export const createTeamSchema = z.object({ name, slug: slug.optional() });

/** A rename keeps the slug (ownership rules name it) unless a new one is given. */
export const updateTeamSchema = z
  .object({ name: name.optional(), slug: slug.optional() })
  .refine((v) => v.name !== undefined || v.slug !== undefined, { message: 'Give a name or a slug', path: [] });

export type CreateTeamInput = z.infer<typeof createTeamSchema>;
export type UpdateTeamInput = z.infer<typeof updateTeamSchema>;
