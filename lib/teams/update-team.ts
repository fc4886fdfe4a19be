import { db } from '@/lib/db';
import { recordAudit } from '@/lib/audit/record-audit';
import type { Prisma } from '@/lib/generated/prisma/client';
import type { UpdateTeamInput } from '@/lib/zod/teams';
import { assertSlugFree, withSlugConflict } from './create-team';
import { getTeam, lockTeam } from './list-teams';

/** Renames the team and/or changes its slug; an unchanged value records nothing. */
export async function updateTeam(orgId: string, teamId: string, input: UpdateTeamInput) {
  return withSlugConflict(input.slug ?? '', () =>
    db.$transaction(async (tx) => {
      const team = await lockTeam(tx, orgId, teamId);
      const changes: Prisma.InputJsonObject = {
        ...(input.name !== undefined && input.name !== team.name ? { name: { from: team.name, to: input.name } } : {}),
        ...(input.slug !== undefined && input.slug !== team.slug ? { slug: { from: team.slug, to: input.slug } } : {}),
      };
      if (Object.keys(changes).length > 0) {
        if (input.slug !== undefined && input.slug !== team.slug)
          await assertSlugFree(tx, { orgId, slug: input.slug, exceptId: teamId });
        await tx.team.update({ where: { id: teamId }, data: { name: input.name, slug: input.slug } });
        await recordAudit(tx, {
          orgId,
          action: 'team.updated',
          target: { type: 'team', id: teamId, label: input.slug ?? team.slug },
          changes,
        });
      }
      return getTeam(orgId, teamId, tx);
    }),
  );
}
