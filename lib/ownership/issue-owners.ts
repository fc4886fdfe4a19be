// An issue's owners as its page shows them (#60): whom the project's ownership rules and CODEOWNERS name for its
// latest event, each by name with the rule that made them one, whether or not the issue was auto-assigned (rules
// saved after the issue came, auto-assignment off, or someone else assigned by hand).
import { readDb } from '@/lib/replica';
import { notFound } from '@/lib/errors';
import { ownerMatchesOfIssue, type OwnershipSource } from './owners-of';

export type NamedOwner = {
  type: 'user' | 'team';
  id: string;
  /** `#slug` of a team; a member's name, else their email address. */
  name: string;
  rule: string;
  source: OwnershipSource;
};

export async function issueOwners({
  orgId,
  projectId,
  issueId,
}: {
  orgId: string;
  projectId: string;
  issueId: string;
}): Promise<{ owners: NamedOwner[] }> {
  const issue = await readDb().issue.findFirst({
    where: { id: issueId, projectId, project: { orgId } },
    select: { id: true },
  });
  if (!issue) throw notFound('Issue');
  const matches = await ownerMatchesOfIssue(issue.id);
  const userIds = matches.flatMap((m) => (m.owner.type === 'user' ? [m.owner.userId] : []));
  const teamIds = matches.flatMap((m) => (m.owner.type === 'team' ? [m.owner.teamId] : []));
  const [users, teams] = await Promise.all([
    userIds.length
      ? readDb().user.findMany({ where: { id: { in: userIds } }, select: { id: true, name: true, email: true } })
      : [],
    teamIds.length
      ? readDb().team.findMany({ where: { id: { in: teamIds }, orgId }, select: { id: true, slug: true } })
      : [],
  ]);
  const names = new Map<string, string>([
    ...users.map((u): [string, string] => [`user:${u.id}`, u.name || u.email]),
    ...teams.map((t): [string, string] => [`team:${t.id}`, `#${t.slug}`]),
  ]);
  return {
    owners: matches.flatMap(({ owner, rule, source }) => {
      const id = owner.type === 'user' ? owner.userId : owner.teamId;
      const name = names.get(`${owner.type}:${id}`);
      return name ? [{ type: owner.type, id, name, rule, source }] : [];
    }),
  };
}
