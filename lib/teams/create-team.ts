import { db, type Tx } from '@/lib/db';
import { recordAudit } from '@/lib/audit/record-audit';
import { AppError, prismaErrorCode } from '@/lib/errors';
import { slugify } from '@/lib/orgs/slug';
import type { CreateTeamInput } from '@/lib/zod/teams';
import { getTeam } from './list-teams';

export const slugTaken = (slug: string) =>
  new AppError('CONFLICT', `A team with the slug "${slug}" already exists in this organization`);

/** Fails with 409 when another team of the organization has the slug (`exceptId`: the team being renamed). */
export async function assertSlugFree(
  tx: Tx,
  { orgId, slug, exceptId }: { orgId: string; slug: string; exceptId?: string },
) {
  const other = await tx.team.findFirst({
    where: { orgId, slug, ...(exceptId ? { id: { not: exceptId } } : {}) },
    select: { id: true },
  });
  if (other) throw slugTaken(slug);
}

/** A unique violation on (org, slug) from a concurrent create or rename: the same 409. */
export async function withSlugConflict<T>(slug: string, fn: () => Promise<T>): Promise<T> {
  try {
    return await fn();
  } catch (err) {
    if (prismaErrorCode(err) === 'P2002') throw slugTaken(slug);
    throw err;
  }
}

export async function createTeam(orgId: string, input: CreateTeamInput) {
  const slug = input.slug ?? slugify(input.name);
  return withSlugConflict(slug, () =>
    db.$transaction(async (tx) => {
      await assertSlugFree(tx, { orgId, slug });
      const team = await tx.team.create({ data: { orgId, name: input.name, slug }, select: { id: true } });
      await recordAudit(tx, {
        orgId,
        action: 'team.created',
        target: { type: 'team', id: team.id, label: slug },
        changes: { name: input.name, slug },
      });
      return getTeam(orgId, team.id, tx);
    }),
  );
}
