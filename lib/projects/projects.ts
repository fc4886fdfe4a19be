import crypto from 'node:crypto';
import { db } from '@/lib/db';
import { recordAudit } from '@/lib/audit/record-audit';
import { AppError, notFound } from '@/lib/errors';
import { limitsOf } from '@/lib/billing/plans';
import { slugify, uniqueSlug } from '@/lib/orgs/slug';
import type { CreateProjectInput, UpdateProjectInput } from '@/lib/zod/projects';
import { keysChanged } from '@/lib/key-changes';
import { LATEST_GROUPING_VERSION } from '@/lib/grouping/version';
import { createDefaultRules } from '@/lib/alerts/default-rules';

const withKeys = { keys: { orderBy: { createdAt: 'asc' as const } } };

export function newPublicKey(): string {
  return crypto.randomBytes(16).toString('hex');
}

export async function listProjects(orgId: string) {
  return db.project.findMany({ where: { orgId }, include: withKeys, orderBy: { createdAt: 'asc' } });
}

/** The project if it belongs to the organization; otherwise 404 (a foreign id matches nothing). */
export async function getProject(orgId: string, projectId: string) {
  const project = await db.project.findFirst({ where: { id: projectId, orgId }, include: withKeys });
  if (!project) throw notFound('Project');
  return project;
}

/**
 * Creates a project with its `Default` key (and, unless asked not to, its default alert rules), enforcing the plan's
 * project limit under a row lock.
 */
export async function createProject(orgId: string, input: CreateProjectInput) {
  return db.$transaction(async (tx) => {
    const [org] = await tx.$queryRaw<
      { plan: 'FREE' | 'PRO' }[]
    >`SELECT plan FROM organizations WHERE id = ${orgId} FOR UPDATE`;
    if (!org) throw notFound('Organization');
    const limit = limitsOf(org.plan).projects;
    if (limit !== null && (await tx.project.count({ where: { orgId } })) >= limit) {
      throw new AppError('BAD_REQUEST', `Project limit reached for the ${org.plan} plan`);
    }
    const slug = await uniqueSlug(slugify(input.name), async (prefix) =>
      (await tx.project.findMany({ where: { orgId, slug: { startsWith: prefix } }, select: { slug: true } })).map(
        (p) => p.slug,
      ),
    );
    const project = await tx.project.create({
      // The newest grouping rules; the column's default stays what older installs stored (lib/ingest/enrich/grouping/fingerprint.ts).
      data: {
        orgId,
        name: input.name,
        slug,
        platform: input.platform,
        groupingVersion: LATEST_GROUPING_VERSION,
        keys: { create: { label: 'Default', publicKey: newPublicKey() } },
      },
      include: withKeys,
    });
    if (input.defaultRules) await createDefaultRules(tx, project.id);
    await recordAudit(tx, {
      orgId,
      action: 'project.created',
      target: { type: 'project', id: project.id, label: project.name },
      changes: { name: project.name, slug: project.slug, platform: project.platform },
    });
    return project;
  });
}

export async function updateProject(orgId: string, projectId: string, input: UpdateProjectInput) {
  await getProject(orgId, projectId);
  return db.project.update({
    where: { id: projectId },
    data: { name: input.name, platform: input.platform, notifyFeedback: input.notifyFeedback },
    include: withKeys,
  });
}

/** Irreversible: issues, events, transactions, alert rules and keys go with it (FK cascades). */
export async function deleteProject(orgId: string, projectId: string): Promise<void> {
  const project = await getProject(orgId, projectId);
  await db.$transaction(async (tx) => {
    await tx.project.delete({ where: { id: project.id } });
    await recordAudit(tx, {
      orgId,
      action: 'project.deleted',
      target: { type: 'project', id: project.id, label: project.name },
      changes: { name: project.name, slug: project.slug },
    });
  });
  keysChanged(project.keys.map((k) => k.publicKey));
}
