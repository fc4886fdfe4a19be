import { db, type Tx } from '@/lib/db';
import { notFound } from '@/lib/errors';
import { serializeTeam, teamInclude } from './serialize-team';

/** The organization's teams by name, each with its members and projects. */
export async function listTeams(orgId: string) {
  const rows = await db.team.findMany({
    where: { orgId },
    orderBy: [{ name: 'asc' }, { id: 'asc' }],
    include: teamInclude(orgId),
  });
  return rows.map(serializeTeam);
}

/** One team of the organization; another organization's (or no) team → 404. */
export async function getTeam(orgId: string, teamId: string, tx: Tx = db) {
  const row = await tx.team.findFirst({ where: { id: teamId, orgId }, include: teamInclude(orgId) });
  if (!row) throw notFound('Team');
  return serializeTeam(row);
}

/** Locks the organization's team row (404 when it is not one of theirs) for a change to it or its members. */
export async function lockTeam(tx: Tx, orgId: string, teamId: string) {
  const [team] = await tx.$queryRaw<{ id: string; name: string; slug: string }[]>`
    SELECT id, name, slug FROM teams WHERE id = ${teamId} AND org_id = ${orgId} FOR UPDATE`;
  if (!team) throw notFound('Team');
  return team;
}
