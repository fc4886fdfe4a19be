// Who owns an issue (#49): the owners of the ownership rules and CODEOWNERS lines matching its latest event, in
// Sentry's order of precedence. Ownership rules come before CODEOWNERS; within each, the last matching rule wins
// (a later line overrides an earlier one), and a rule's owners keep their written order. The first owner is whom
// auto-assignment picks; notifications to "issue owners" reach them all.
import { db } from '@/lib/db';
import { factsOfEvent, ruleMatches, type CodeMapping, type EventFacts } from './match-event';
import { parseCodeowners } from './parse-codeowners';
import { parseRules, type ParsedRule } from './parse-rules';
import { ownerKey, resolveOwners, type IssueOwner } from './resolve-owners';

export type { IssueOwner } from './resolve-owners';
export type OwnershipSource = 'ownership' | 'codeowners';
/** An owner, with the rule (as written) that made them one. */
export type OwnerMatch = { owner: IssueOwner; rule: string; source: OwnershipSource };
type SourcedRule = { rule: ParsedRule; source: OwnershipSource; mapping?: CodeMapping };

export type ProjectRules = { orgId: string; autoAssignment: boolean; rules: SourcedRule[] };

/** The project's rules (ownership, then each CODEOWNERS file in upload order), or null when it has none. */
export async function projectRules(projectId: string): Promise<ProjectRules | null> {
  const row = await db.projectOwnership.findUnique({
    where: { projectId },
    select: {
      raw: true,
      autoAssignment: true,
      project: { select: { orgId: true } },
      codeOwners: { orderBy: { createdAt: 'asc' }, select: { raw: true, stackRoot: true, sourceRoot: true } },
    },
  });
  if (!row) return null;
  const rules: SourcedRule[] = parseRules(row.raw).rules.map((rule) => ({ rule, source: 'ownership' }));
  for (const file of row.codeOwners) {
    const mapping = { stackRoot: file.stackRoot, sourceRoot: file.sourceRoot };
    for (const rule of parseCodeowners(file.raw).rules) rules.push({ rule, source: 'codeowners', mapping });
  }
  return { orgId: row.project.orgId, autoAssignment: row.autoAssignment, rules };
}

/** The matching rules, most precedent first. */
export function rulesByPrecedence(rules: SourcedRule[], facts: EventFacts): SourcedRule[] {
  const matching = rules.filter((r) => ruleMatches(r.rule, facts, r.mapping));
  const of = (source: OwnershipSource) => matching.filter((r) => r.source === source).reverse();
  return [...of('ownership'), ...of('codeowners')];
}

/** The owners of an event by these rules, most precedent first, each once; owners that no longer exist are skipped. */
export async function ownersOfFacts(orgId: string, rules: SourcedRule[], facts: EventFacts): Promise<OwnerMatch[]> {
  const matching = rulesByPrecedence(rules, facts);
  if (!matching.length) return [];
  return ownersOfMatching(
    matching,
    await resolveOwners(
      orgId,
      matching.flatMap((m) => m.rule.owners),
    ),
  );
}

/** The owners of matching rules (most precedent first), by the owners the organization has (resolveOwners). */
export function ownersOfMatching(matching: SourcedRule[], found: Map<string, IssueOwner>): OwnerMatch[] {
  const seen = new Set<string>();
  const owners: OwnerMatch[] = [];
  for (const m of matching) {
    for (const ref of m.rule.owners) {
      const owner = found.get(ownerKey(ref));
      if (!owner) continue;
      const key = owner.type === 'team' ? `team:${owner.teamId}` : `user:${owner.userId}`;
      if (seen.has(key)) continue;
      seen.add(key);
      owners.push({ owner, rule: m.rule.text, source: m.source });
    }
  }
  return owners;
}

/** What the rules read of the issue's latest event, or null when it has none. */
export async function latestEventFacts(issueId: string): Promise<EventFacts | null> {
  const event = await db.event.findFirst({
    where: { issueId },
    orderBy: [{ timestamp: 'desc' }, { id: 'desc' }],
    select: { stacktrace: true, details: true, request: true, tags: true, environment: true, release: true },
  });
  return event ? factsOfEvent(event) : null;
}

/** The owners of the issue by the rules of its latest event, with the rule behind each. */
export async function ownerMatchesOfIssue(issueId: string): Promise<OwnerMatch[]> {
  const issue = await db.issue.findUnique({ where: { id: issueId }, select: { projectId: true } });
  if (!issue) return [];
  const rules = await projectRules(issue.projectId);
  if (!rules?.rules.length) return [];
  const facts = await latestEventFacts(issueId);
  return facts ? ownersOfFacts(rules.orgId, rules.rules, facts) : [];
}

/** The owners of the issue (users and teams), most precedent first: [] when no rule matches its latest event. */
export async function ownersOfIssue(
  issueId: string,
): Promise<Array<{ type: 'user'; userId: string } | { type: 'team'; teamId: string }>> {
  return (await ownerMatchesOfIssue(issueId)).map((m) => m.owner);
}
