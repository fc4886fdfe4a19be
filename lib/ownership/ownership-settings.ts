// A project's ownership settings (#49): its rules (validated: syntax, then owners the organization has), whether new
// issues are auto-assigned, its CODEOWNERS files, and a preview of rules over the project's latest issues.
import { db, type Tx } from '@/lib/db';
import { recordAudit } from '@/lib/audit/record-audit';
import { AppError, notFound, type FieldIssue } from '@/lib/errors';
import type { UpdateOwnershipInput, UploadCodeownersInput } from '@/lib/zod/ownership';
import { factsOfEvent } from './match-event';
import { MAX_CODEOWNERS_CHARS, parseCodeowners } from './parse-codeowners';
import { parseRules, type ParsedRule, type RuleError } from './parse-rules';
import { ownersOfMatching, rulesByPrecedence, type IssueOwner } from './owners-of';
import { resolveOwners, unknownOwnerErrors } from './resolve-owners';

/** How many of the project's latest issues a preview examines. */
export const PREVIEW_ISSUES = 100;

export type CodeownersFile = {
  id: string;
  raw: string;
  stackRoot: string;
  sourceRoot: string;
  rules: number;
  createdAt: string;
  updatedAt: string;
};
export type ProjectOwnershipView = {
  raw: string;
  autoAssignment: boolean;
  rules: number;
  updatedAt: string | null;
  codeowners: CodeownersFile[];
};

async function projectOf(orgId: string, projectId: string) {
  const project = await db.project.findFirst({ where: { id: projectId, orgId }, select: { id: true, name: true } });
  if (!project) throw notFound('Project');
  return project;
}

/** The project's ownership row, made with its defaults the first time anything is saved. */
async function ensureOwnershipRow(tx: Tx, projectId: string): Promise<void> {
  await tx.$executeRaw`INSERT INTO project_ownership (project_id) VALUES (${projectId}) ON CONFLICT DO NOTHING`;
}

const byPosition = (a: RuleError, b: RuleError) => a.line - b.line || a.column - b.column;
const asIssues = (errors: RuleError[]): FieldIssue[] =>
  errors.sort(byPosition).map((e) => ({ path: ['raw'], line: e.line, column: e.column, message: e.message }));

/** Parses and checks the owners of a text of rules: 400 with each problem at its line and column. */
async function validated(
  orgId: string,
  raw: string,
  parse: (raw: string) => { rules: ParsedRule[]; errors: RuleError[] },
  what: string,
): Promise<ParsedRule[]> {
  const { rules, errors } = parse(raw);
  errors.push(...(await unknownOwnerErrors(orgId, rules)));
  if (errors.length) throw new AppError('VALIDATION', `Invalid ${what}`, asIssues(errors));
  return rules;
}

const serializeFile = (f: {
  id: string;
  raw: string;
  stackRoot: string;
  sourceRoot: string;
  createdAt: Date;
  updatedAt: Date;
}): CodeownersFile => ({
  id: f.id,
  raw: f.raw,
  stackRoot: f.stackRoot,
  sourceRoot: f.sourceRoot,
  rules: parseCodeowners(f.raw).rules.length,
  createdAt: f.createdAt.toISOString(),
  updatedAt: f.updatedAt.toISOString(),
});

const FILE_FIELDS = {
  id: true,
  raw: true,
  stackRoot: true,
  sourceRoot: true,
  createdAt: true,
  updatedAt: true,
} as const;

export async function getOwnership(orgId: string, projectId: string): Promise<ProjectOwnershipView> {
  await projectOf(orgId, projectId);
  const row = await db.projectOwnership.findUnique({
    where: { projectId },
    select: {
      raw: true,
      autoAssignment: true,
      updatedAt: true,
      codeOwners: { orderBy: { createdAt: 'asc' }, select: FILE_FIELDS },
    },
  });
  return {
    raw: row?.raw ?? '',
    autoAssignment: row?.autoAssignment ?? true,
    rules: row ? parseRules(row.raw).rules.length : 0,
    updatedAt: row?.updatedAt.toISOString() ?? null,
    codeowners: (row?.codeOwners ?? []).map(serializeFile),
  };
}

export async function updateOwnership(
  orgId: string,
  projectId: string,
  input: UpdateOwnershipInput,
): Promise<ProjectOwnershipView> {
  const project = await projectOf(orgId, projectId);
  const rules = input.raw === undefined ? undefined : await validated(orgId, input.raw, parseRules, 'ownership rules');
  await db.$transaction(async (tx) => {
    await ensureOwnershipRow(tx, projectId);
    const [before] = await tx.$queryRaw<{ raw: string; auto_assignment: boolean }[]>`
      SELECT raw, auto_assignment FROM project_ownership WHERE project_id = ${projectId} FOR UPDATE`;
    await tx.projectOwnership.update({
      where: { projectId },
      data: { raw: input.raw, autoAssignment: input.autoAssignment },
    });
    const changes: Record<string, { from: string | number | boolean; to: string | number | boolean }> = {};
    if (input.raw !== undefined && input.raw !== before.raw)
      changes.rules = { from: parseRules(before.raw).rules.length, to: rules!.length };
    if (input.autoAssignment !== undefined && input.autoAssignment !== before.auto_assignment)
      changes.autoAssignment = { from: before.auto_assignment, to: input.autoAssignment };
    if (Object.keys(changes).length)
      await recordAudit(tx, {
        orgId,
        action: 'project.ownership_changed',
        target: { type: 'project', id: project.id, label: project.name },
        changes,
      });
  });
  return getOwnership(orgId, projectId);
}

export async function uploadCodeowners(
  orgId: string,
  projectId: string,
  input: UploadCodeownersInput,
): Promise<CodeownersFile> {
  const project = await projectOf(orgId, projectId);
  if (input.raw.length > MAX_CODEOWNERS_CHARS)
    throw new AppError('PAYLOAD_TOO_LARGE', `CODEOWNERS file too large: at most ${MAX_CODEOWNERS_CHARS} characters`);
  const rules = await validated(orgId, input.raw, parseCodeowners, 'CODEOWNERS file');
  if (!rules.length)
    throw new AppError('VALIDATION', 'Invalid CODEOWNERS file', [
      {
        path: ['raw'],
        line: 1,
        column: 1,
        message: 'The file has no rules: each line is a path pattern and its owners',
      },
    ]);
  const file = await db.$transaction(async (tx) => {
    await ensureOwnershipRow(tx, projectId);
    const created = await tx.projectCodeOwners.create({
      data: { projectId, raw: input.raw, stackRoot: input.stackRoot, sourceRoot: input.sourceRoot },
      select: FILE_FIELDS,
    });
    await recordAudit(tx, {
      orgId,
      action: 'project.codeowners_added',
      target: { type: 'project', id: project.id, label: project.name },
      changes: {
        codeowners: created.id,
        rules: rules.length,
        stackRoot: input.stackRoot,
        sourceRoot: input.sourceRoot,
      },
    });
    return created;
  });
  return serializeFile(file);
}

export async function deleteCodeowners(orgId: string, projectId: string, id: string): Promise<void> {
  const project = await projectOf(orgId, projectId);
  await db.$transaction(async (tx) => {
    const { count } = await tx.projectCodeOwners.deleteMany({ where: { id, projectId } });
    if (!count) throw notFound('CODEOWNERS file');
    await recordAudit(tx, {
      orgId,
      action: 'project.codeowners_removed',
      target: { type: 'project', id: project.id, label: project.name },
      changes: { codeowners: id },
    });
  });
}

export type PreviewOwner = { type: 'user' | 'team'; id: string; label: string };
export type PreviewMatch = {
  issue: { id: string; title: string; culprit: string | null; lastSeen: string };
  rule: string;
  owners: PreviewOwner[];
};

/** Which of the project's latest issues (by last seen) the rules would give an owner, and whom. */
export async function previewOwnership(
  orgId: string,
  projectId: string,
  raw: string,
): Promise<{ examined: number; matches: PreviewMatch[] }> {
  await projectOf(orgId, projectId);
  const rules = (await validated(orgId, raw, parseRules, 'ownership rules')).map((rule) => ({
    rule,
    source: 'ownership' as const,
  }));
  const issues = await db.issue.findMany({
    where: { projectId },
    orderBy: [{ lastSeen: 'desc' }, { id: 'desc' }],
    take: PREVIEW_ISSUES,
    select: { id: true, title: true, culprit: true, lastSeen: true },
  });
  if (!issues.length || !rules.length) return { examined: issues.length, matches: [] };
  const events = await db.$queryRaw<
    {
      issue_id: string;
      stacktrace: unknown;
      details: unknown;
      request: unknown;
      tags: unknown;
      environment: string | null;
      release: string | null;
    }[]
  >`SELECT DISTINCT ON (issue_id) issue_id, stacktrace, details, request, tags, environment, release
      FROM events WHERE issue_id = ANY(${issues.map((i) => i.id)}::text[])
     ORDER BY issue_id, timestamp DESC, id DESC`;
  const latest = new Map(events.map((e) => [e.issue_id, e]));
  const [labels, found] = await Promise.all([
    ownerLabels(orgId),
    resolveOwners(
      orgId,
      rules.flatMap((r) => r.rule.owners),
    ),
  ]);
  const matches: PreviewMatch[] = [];
  for (const issue of issues) {
    const event = latest.get(issue.id);
    if (!event) continue;
    const owners = ownersOfMatching(rulesByPrecedence(rules, factsOfEvent(event)), found);
    if (!owners.length) continue;
    matches.push({
      issue: { id: issue.id, title: issue.title, culprit: issue.culprit, lastSeen: issue.lastSeen.toISOString() },
      rule: owners[0].rule,
      owners: owners.map((o) => labels(o.owner)),
    });
  }
  return { examined: issues.length, matches };
}

/** Names of owners for display: #slug for a team, the email address for a member. */
async function ownerLabels(orgId: string): Promise<(o: IssueOwner) => PreviewOwner> {
  const [teams, members] = await Promise.all([
    db.team.findMany({ where: { orgId }, select: { id: true, slug: true } }),
    db.membership.findMany({ where: { orgId }, select: { userId: true, user: { select: { email: true } } } }),
  ]);
  const team = new Map(teams.map((t) => [t.id, `#${t.slug}`]));
  const user = new Map(members.map((m) => [m.userId, m.user.email]));
  return (o) =>
    o.type === 'team'
      ? { type: 'team', id: o.teamId, label: team.get(o.teamId) ?? o.teamId }
      : { type: 'user', id: o.userId, label: user.get(o.userId) ?? o.userId };
}
