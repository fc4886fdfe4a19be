// A project's privacy settings and its organization's lock. Ingest reads them with the key (lib/ingest/admit/resolve-key.ts);
// a change drops this instance's cached keys of the project at once, so it applies to events received after it.
import { db } from '@/lib/db';
import { recordAudit } from '@/lib/audit/record-audit';
import { AppError, notFound } from '@/lib/errors';
import { keysChanged } from '@/lib/key-changes';
import type { UpdateProjectPrivacyInput } from '@/lib/zod/privacy';

export const ORG_LOCK_MESSAGE =
  "Your organization requires data scrubbing in every project: the default scrubbers can't be turned off here (an OWNER can lift the requirement in the organization's settings)";

const PROJECT_FIELDS = {
  id: true,
  scrubDefaults: true,
  sensitiveFields: true,
  safeFields: true,
  scrubIpAddresses: true,
} as const;

export type ProjectPrivacy = {
  /** The project's own switch. */
  scrubDefaults: boolean;
  sensitiveFields: string[];
  safeFields: string[];
  scrubIpAddresses: boolean;
  /** The organization forces the default scrubbers on. */
  orgRequiresScrubbing: boolean;
  /** What ingest applies: the project's switch or the organization's lock. */
  scrubbingActive: boolean;
};

type Row = { scrubDefaults: boolean; sensitiveFields: string[]; safeFields: string[]; scrubIpAddresses: boolean };

function describe(row: Row, orgRequiresScrubbing: boolean): ProjectPrivacy {
  return {
    scrubDefaults: row.scrubDefaults,
    sensitiveFields: row.sensitiveFields,
    safeFields: row.safeFields,
    scrubIpAddresses: row.scrubIpAddresses,
    orgRequiresScrubbing,
    scrubbingActive: row.scrubDefaults || orgRequiresScrubbing,
  };
}

async function projectOf(orgId: string, projectId: string) {
  const project = await db.project.findFirst({
    where: { id: projectId, orgId },
    select: {
      ...PROJECT_FIELDS,
      name: true,
      organization: { select: { requireScrubbing: true } },
      keys: { select: { publicKey: true } },
    },
  });
  if (!project) throw notFound('Project');
  return project;
}

/** The settings that differ, as `{ field: { from, to } }` for the audit log. */
function changedFields(before: Row, after: Row): Record<string, { from: boolean | string[]; to: boolean | string[] }> {
  const changes: Record<string, { from: boolean | string[]; to: boolean | string[] }> = {};
  for (const field of ['scrubDefaults', 'sensitiveFields', 'safeFields', 'scrubIpAddresses'] as const) {
    if (JSON.stringify(before[field]) !== JSON.stringify(after[field]))
      changes[field] = { from: before[field], to: after[field] };
  }
  return changes;
}

export async function getProjectPrivacy(orgId: string, projectId: string): Promise<ProjectPrivacy> {
  const p = await projectOf(orgId, projectId);
  return describe(p, p.organization.requireScrubbing);
}

export async function updateProjectPrivacy(
  orgId: string,
  projectId: string,
  input: UpdateProjectPrivacyInput,
): Promise<ProjectPrivacy> {
  const p = await projectOf(orgId, projectId);
  if (input.scrubDefaults === false && p.organization.requireScrubbing)
    throw new AppError('FORBIDDEN', ORG_LOCK_MESSAGE);
  const row = await db.$transaction(async (tx) => {
    const updated = await tx.project.update({ where: { id: p.id }, data: input, select: PROJECT_FIELDS });
    const changes = changedFields(p, updated);
    if (Object.keys(changes).length > 0) {
      await recordAudit(tx, {
        orgId,
        action: 'project.scrubbing_changed',
        target: { type: 'project', id: p.id, label: p.name },
        changes,
      });
    }
    return updated;
  });
  keysChanged(p.keys.map((k) => k.publicKey));
  return describe(row, p.organization.requireScrubbing);
}

export async function getOrgPrivacy(orgId: string): Promise<{ requireScrubbing: boolean }> {
  const org = await db.organization.findUnique({ where: { id: orgId }, select: { requireScrubbing: true } });
  if (!org) throw notFound('Organization');
  return org;
}

export async function updateOrgPrivacy(
  orgId: string,
  requireScrubbing: boolean,
): Promise<{ requireScrubbing: boolean }> {
  const org = await db.$transaction(async (tx) => {
    const [before] = await tx.$queryRaw<{ require_scrubbing: boolean; name: string }[]>`
      SELECT require_scrubbing, name FROM organizations WHERE id = ${orgId} FOR UPDATE`;
    if (!before) throw notFound('Organization');
    const updated = await tx.organization.update({
      where: { id: orgId },
      data: { requireScrubbing },
      select: { requireScrubbing: true, projects: { select: { keys: { select: { publicKey: true } } } } },
    });
    if (before.require_scrubbing !== requireScrubbing) {
      await recordAudit(tx, {
        orgId,
        action: 'org.scrubbing_required_changed',
        target: { type: 'organization', id: orgId, label: before.name },
        changes: { requireScrubbing: { from: before.require_scrubbing, to: requireScrubbing } },
      });
    }
    return updated;
  });
  keysChanged(org.projects.flatMap((p) => p.keys.map((k) => k.publicKey)));
  return { requireScrubbing: org.requireScrubbing };
}
