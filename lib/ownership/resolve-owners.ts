// Owners named by rules (#49) → the organization's teams (by slug) and members (by email address). Another
// organization's team or person is unknown here, like a name nobody has.
import { db } from '@/lib/db';
import type { OwnerRef, ParsedRule, RuleError } from './parse-rules';

export type IssueOwner = { type: 'user'; userId: string } | { type: 'team'; teamId: string };

const keyOf = (o: Pick<OwnerRef, 'type' | 'identifier'>) => `${o.type}:${o.identifier}`;

/** The owners the organization has among `refs`, by `type:identifier`. */
export async function resolveOwners(
  orgId: string,
  refs: Pick<OwnerRef, 'type' | 'identifier'>[],
): Promise<Map<string, IssueOwner>> {
  const slugs = [...new Set(refs.filter((r) => r.type === 'team').map((r) => r.identifier))];
  const emails = [...new Set(refs.filter((r) => r.type === 'user').map((r) => r.identifier))];
  const [teams, members] = await Promise.all([
    slugs.length
      ? db.team.findMany({ where: { orgId, slug: { in: slugs } }, select: { id: true, slug: true } })
      : Promise.resolve([]),
    emails.length
      ? db.membership.findMany({
          where: { orgId, user: { email: { in: emails } } },
          select: { userId: true, user: { select: { email: true } } },
        })
      : Promise.resolve([]),
  ]);
  const found = new Map<string, IssueOwner>();
  for (const t of teams)
    found.set(keyOf({ type: 'team', identifier: t.slug.toLowerCase() }), { type: 'team', teamId: t.id });
  for (const m of members)
    found.set(keyOf({ type: 'user', identifier: m.user.email.toLowerCase() }), { type: 'user', userId: m.userId });
  return found;
}

export const ownerKey = keyOf;

/** An error at each owner the organization does not have. */
export async function unknownOwnerErrors(orgId: string, rules: ParsedRule[]): Promise<RuleError[]> {
  const found = await resolveOwners(
    orgId,
    rules.flatMap((r) => r.owners),
  );
  const errors: RuleError[] = [];
  for (const rule of rules) {
    for (const o of rule.owners) {
      if (found.has(keyOf(o))) continue;
      errors.push({
        line: rule.line,
        column: o.column,
        message:
          o.type === 'team'
            ? `Unknown team "#${o.identifier}": no team of this organization has this slug`
            : `Unknown owner "${o.identifier}": no member of this organization has this email address`,
      });
    }
  }
  return errors;
}
