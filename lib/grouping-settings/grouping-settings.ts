// A project's grouping settings (#63): its grouping version, fingerprint rules and stack trace rules, the configs they
// replaced that still group beside them (the transition window), a preview of what a draft would regroup among the
// project's latest events, and saving, which keeps the config replaced for the window, writes the continuations the
// preview announced and tells ingest (the key cache) at once on this instance, within 5 s on the others.
import crypto from 'node:crypto';
import { db, type Tx } from '@/lib/db';
import { recordAudit } from '@/lib/audit/record-audit';
import { clock } from '@/lib/clock';
import { AppError, notFound, type FieldIssue } from '@/lib/errors';
import type { Prisma } from '@/lib/generated/prisma/client';
import type { ProjectTenant } from '@/lib/orgs/resolve-tenant';
import { keysChanged } from '@/lib/key-changes';
import { groupingConfigOf, parseGroupingRules, type GroupingConfig } from '@/lib/grouping/config';
import { storedPreviousOf, type StoredPreviousConfig } from '@/lib/grouping/project-grouping';
import { groupingVersionOf, LATEST_GROUPING_VERSION, type GroupingVersion } from '@/lib/grouping/version';
import type { PreviewGroupingInput, UpdateGroupingInput } from '@/lib/zod/grouping';
import { keysOf, regroupPlan, type PlanIssue, type PlanRow, type RegroupPlan, type SampleEvent } from './regroup-plan';
import { unitOfStoredEvent, type StoredEventRow } from './stored-units';

/** How many of the project's latest events a preview (and a save) regroups. */
export const PREVIEW_EVENTS = 1_000;
/** How many replaced configs group beside the one in force at most (the newest). */
export const MAX_PREVIOUS_CONFIGS = 3;

async function projectOf(t: ProjectTenant) {
  const p = await db.project.findFirst({
    where: { id: t.projectId, orgId: t.orgId },
    select: {
      id: true,
      name: true,
      groupingVersion: true,
      fingerprintRules: true,
      stackRules: true,
      groupingPrevious: true,
      keys: { select: { publicKey: true } },
    },
  });
  if (!p) throw notFound('Project');
  return p;
}
type ProjectRow = Awaited<ReturnType<typeof projectOf>>;

const currentConfig = (p: Pick<ProjectRow, 'groupingVersion' | 'fingerprintRules' | 'stackRules'>) =>
  groupingConfigOf(groupingVersionOf(p.groupingVersion), p);

export type GroupingSettingsView = {
  version: GroupingVersion;
  latestVersion: GroupingVersion;
  fingerprintRules: string;
  stackRules: string;
  /** Names the config in force (a hash of the version and the rules as read). */
  config: string;
  /** The configs replaced that still group beside it, newest first, until when. */
  transition: {
    config: string;
    version: GroupingVersion;
    fingerprintRules: string;
    stackRules: string;
    until: string;
  }[];
};

function view(
  p: Pick<ProjectRow, 'groupingVersion' | 'fingerprintRules' | 'stackRules' | 'groupingPrevious'>,
): GroupingSettingsView {
  const now = clock.now().getTime();
  return {
    version: groupingVersionOf(p.groupingVersion),
    latestVersion: LATEST_GROUPING_VERSION,
    fingerprintRules: p.fingerprintRules,
    stackRules: p.stackRules,
    config: currentConfig(p).hash,
    transition: storedPreviousOf(p.groupingPrevious)
      .filter((s) => Date.parse(s.until) > now)
      .map((s) => {
        const version = groupingVersionOf(s.version);
        return {
          config: groupingConfigOf(version, s).hash,
          version,
          fingerprintRules: s.fingerprintRules,
          stackRules: s.stackRules,
          until: new Date(s.until).toISOString(),
        };
      }),
  };
}

export async function getGrouping(t: ProjectTenant): Promise<GroupingSettingsView> {
  return view(await projectOf(t));
}

/** The draft (the project's value for each field left out), read: 400 with each bad line at its line and column. */
function draftOf(
  p: ProjectRow,
  input: PreviewGroupingInput,
): { config: GroupingConfig; text: { fingerprintRules: string; stackRules: string } } {
  const text = {
    fingerprintRules: input.fingerprintRules ?? p.fingerprintRules,
    stackRules: input.stackRules ?? p.stackRules,
  };
  const { errors } = parseGroupingRules(text);
  if (errors.length > 0) {
    const issues: FieldIssue[] = errors
      .sort((a, b) =>
        a.field === b.field ? a.line - b.line || a.column - b.column : a.field === 'fingerprintRules' ? -1 : 1,
      )
      .map((e) => ({ path: [e.field], line: e.line, column: e.column, message: e.message }));
    throw new AppError('VALIDATION', 'Invalid grouping rules', issues);
  }
  return { config: groupingConfigOf(input.version ?? groupingVersionOf(p.groupingVersion), text), text };
}

/** The project's latest events (by receipt) as units, and their issues. */
async function sample(projectId: string): Promise<{ events: SampleEvent[]; sampled: Map<string, PlanIssue> }> {
  // Raw SQL: the latest rows across the daily partitions, newest first, by the (project, received_at) index.
  const rows = await db.$queryRaw<(StoredEventRow & { issue_id: string })[]>`
    SELECT issue_id, message, level::text AS level, stacktrace, details, tags, environment, release
      FROM events WHERE project_id = ${projectId} ORDER BY received_at DESC LIMIT ${PREVIEW_EVENTS}`;
  const issues = await db.issue.findMany({
    where: { projectId, id: { in: [...new Set(rows.map((r) => r.issue_id))] } },
    select: { id: true, title: true, fingerprint: true },
  });
  return {
    events: rows.map((r) => ({ issueId: r.issue_id, unit: unitOfStoredEvent(r) })),
    sampled: new Map(issues.map((i) => [i.id, i])),
  };
}

/** What a change from `current` to `draft` does to the sampled events, given the issues and aliases of the new keys. */
async function plan(projectId: string, current: GroupingConfig, draft: GroupingConfig): Promise<RegroupPlan> {
  const { events, sampled } = await sample(projectId);
  // An event whose issue went (deleted between the two reads) is not regrouped.
  const present = events.filter((e) => sampled.has(e.issueId));
  if (current.hash === draft.hash)
    return { examined: present.length, unchanged: present.length, rows: [], continuations: [] };
  const keys = keysOf(present, current, draft);
  const fingerprints = [...new Set(keys.changed.map((g) => g.fingerprint))];
  const [issues, aliases] = await Promise.all([
    db.issue.findMany({
      where: { projectId, fingerprint: { in: fingerprints } },
      select: { id: true, title: true, fingerprint: true },
    }),
    db.issueFingerprintAlias.findMany({
      where: { projectId, fingerprint: { in: fingerprints } },
      select: { fingerprint: true, issue: { select: { id: true, title: true, fingerprint: true } } },
    }),
  ]);
  return regroupPlan(keys, {
    issues: new Map(issues.map((i) => [i.fingerprint, i])),
    aliases: new Map(aliases.map((a) => [a.fingerprint, a.issue])),
    sampled,
  });
}

type PreviewRow = Omit<PlanRow, 'issue' | 'into'> & {
  issue: { id: string; title: string };
  into: { kind: 'same' } | { kind: 'new' } | { kind: 'existing'; issue: { id: string; title: string } };
};
export type GroupingPreview = {
  examined: number;
  unchanged: number;
  regrouped: number;
  config: { current: string; draft: string };
  rows: PreviewRow[];
};

const publicIssue = (i: PlanIssue) => ({ id: i.id, title: i.title });

function previewOf(p: RegroupPlan, current: GroupingConfig, draft: GroupingConfig): GroupingPreview {
  return {
    examined: p.examined,
    unchanged: p.unchanged,
    regrouped: p.examined - p.unchanged,
    config: { current: current.hash, draft: draft.hash },
    rows: p.rows.map((r) => ({
      ...r,
      issue: publicIssue(r.issue),
      into: r.into.kind === 'existing' ? { kind: 'existing', issue: publicIssue(r.into.issue) } : r.into,
    })),
  };
}

/** Which of the project's latest events a draft config would group differently, and where they would go. */
export async function previewGrouping(t: ProjectTenant, input: PreviewGroupingInput): Promise<GroupingPreview> {
  const p = await projectOf(t);
  const current = currentConfig(p);
  const { config: draft } = draftOf(p, input);
  return previewOf(await plan(p.id, current, draft), current, draft);
}

const ruleCount = (text: string) =>
  text.split(/\r\n|\r|\n/).filter((l) => l.trim() !== '' && !l.trim().startsWith('#')).length;

/** The continuations of the plan, for the new epoch (and the aliases of the new keys that continue an issue). */
async function writeContinuations(tx: Tx, projectId: string, epoch: string, p: RegroupPlan): Promise<void> {
  await tx.groupingContinuation.deleteMany({ where: { projectId } });
  if (p.continuations.length === 0) return;
  await tx.groupingContinuation.createMany({
    data: p.continuations.map((c) => ({
      projectId,
      epoch,
      previousFingerprint: c.previous,
      fingerprint: c.fingerprint,
    })),
    skipDuplicates: true,
  });
  const aliases = p.continuations.filter((c) => c.fingerprint !== c.previous);
  if (aliases.length > 0)
    await tx.issueFingerprintAlias.createMany({
      data: aliases.map((c) => ({ projectId, fingerprint: c.fingerprint, issueId: c.issueId })),
      skipDuplicates: true,
    });
}

/**
 * Saves a config. When it groups differently from the one in force, that one keeps grouping beside it for
 * `transitionDays` (its issues keep their events: lib/ingest/enrich/grouping/transition.ts) and the preview's
 * continuations are written under a new epoch.
 */
export async function updateGrouping(
  t: ProjectTenant,
  input: UpdateGroupingInput,
): Promise<GroupingSettingsView & { regrouped: GroupingPreview | null }> {
  const p = await projectOf(t);
  const current = currentConfig(p);
  const { config: draft, text } = draftOf(p, input);
  const changed = draft.hash !== current.hash;
  const planned = changed ? await plan(p.id, current, draft) : null;
  const now = clock.now();
  const updated = await db.$transaction(async (tx) => {
    // One save at a time per project: the config replaced is the one this save read.
    await tx.$queryRaw`SELECT id FROM projects WHERE id = ${p.id} FOR UPDATE`;
    const before = await tx.project.findUniqueOrThrow({
      where: { id: p.id },
      select: { groupingVersion: true, fingerprintRules: true, stackRules: true, groupingPrevious: true },
    });
    // A save that committed since this one read the config: its plan would continue the wrong keys.
    if (currentConfig(before).hash !== current.hash)
      throw new AppError('CONFLICT', 'The grouping settings changed meanwhile: review them and save again');
    const data: Prisma.ProjectUpdateInput = { ...text, groupingVersion: draft.version };
    if (changed) {
      const epoch = crypto.randomUUID();
      const kept = storedPreviousOf(before.groupingPrevious).filter(
        (s) =>
          Date.parse(s.until) > now.getTime() && groupingConfigOf(groupingVersionOf(s.version), s).hash !== draft.hash,
      );
      const replaced: StoredPreviousConfig = {
        version: groupingVersionOf(before.groupingVersion),
        fingerprintRules: before.fingerprintRules,
        stackRules: before.stackRules,
        until: new Date(now.getTime() + input.transitionDays * 86_400_000).toISOString(),
      };
      const previous = input.transitionDays > 0 ? [replaced, ...kept].slice(0, MAX_PREVIOUS_CONFIGS) : [];
      data.groupingPrevious = previous as Prisma.InputJsonValue;
      data.groupingEpoch = epoch;
      await writeContinuations(
        tx,
        p.id,
        epoch,
        input.transitionDays > 0 ? planned! : { ...planned!, continuations: [] },
      );
    }
    const saved = await tx.project.update({
      where: { id: p.id },
      data,
      select: { groupingVersion: true, fingerprintRules: true, stackRules: true, groupingPrevious: true },
    });
    const changes: Record<string, Prisma.InputJsonValue> = {};
    if (before.fingerprintRules !== text.fingerprintRules)
      changes.fingerprintRules = { from: ruleCount(before.fingerprintRules), to: ruleCount(text.fingerprintRules) };
    if (before.stackRules !== text.stackRules)
      changes.stackRules = { from: ruleCount(before.stackRules), to: ruleCount(text.stackRules) };
    if (before.groupingVersion !== draft.version) changes.version = { from: before.groupingVersion, to: draft.version };
    if (changed) {
      changes.config = { from: current.hash, to: draft.hash };
      changes.transitionDays = input.transitionDays;
      changes.continued = planned!.continuations.filter((c) => c.fingerprint !== c.previous).length;
    }
    if (Object.keys(changes).length > 0)
      await recordAudit(tx, {
        orgId: t.orgId,
        action: 'project.grouping_changed',
        target: { type: 'project', id: p.id, label: p.name },
        changes,
      });
    return saved;
  });
  if (changed) keysChanged(p.keys.map((k) => k.publicKey));
  return { ...view(updated), regrouped: planned ? previewOf(planned, current, draft) : null };
}
