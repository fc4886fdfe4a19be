// Connecting, changing, rotating and disconnecting an organization's integrations (#64). Tenant scope is in every
// `where`; each change is in the audit log, written in the change's transaction. Secrets are sealed before they
// are stored and never read back into an answer.
import crypto from 'node:crypto';
import type { Prisma } from '@/lib/generated/prisma/client';
import { db } from '@/lib/db';
import { notFound, validationError } from '@/lib/errors';
import { recordAudit } from '@/lib/audit/record-audit';
import type { OrgTenant } from '@/lib/orgs/resolve-tenant';
import type { ConnectIntegrationInput, UpdateIntegrationInput } from '@/lib/zod/integrations';
import { openSecrets, parsePart, providerOfRow } from './connections';
import type { IntegrationProvider } from './provider';
import { providerOf } from './registry';
import { assertKeyConfigured, seal } from './secret-box';
import { serializeIntegration } from './serialize';

const select = {
  id: true,
  orgId: true,
  provider: true,
  name: true,
  config: true,
  secrets: true,
  keyId: true,
  createdAt: true,
  updatedAt: true,
  createdBy: { select: { id: true, name: true, email: true } },
  projects: {
    select: { projectId: true, config: true, project: { select: { name: true } } },
    orderBy: { createdAt: 'asc' },
  },
} satisfies Prisma.IntegrationSelect;

type Row = Prisma.IntegrationGetPayload<{ select: typeof select }>;

const serialize = (row: Row) => serializeIntegration(row, providerOfRow(row));

/** The organization's integration or 404 (another organization's id names nothing). */
export async function integrationOf(orgId: string, id: string): Promise<Row> {
  const row = await db.integration.findFirst({ where: { id, orgId }, select });
  if (!row) throw notFound('Integration');
  return row;
}

export async function listIntegrations(orgId: string) {
  const rows = await db.integration.findMany({
    where: { orgId },
    select,
    orderBy: [{ createdAt: 'asc' }, { id: 'asc' }],
  });
  return rows.filter((r) => providerOf(r.provider)).map(serialize);
}

export async function getIntegration(orgId: string, id: string) {
  return serialize(await integrationOf(orgId, id));
}

/** Provider-level checks across config and secrets (a GitHub App needs its key). */
function crossChecked(provider: IntegrationProvider, config: unknown, secrets: unknown) {
  const issues = provider.validate?.(config as never, secrets as never) ?? [];
  if (issues.length) throw validationError(issues);
}

/** The non-secret part of a config for the audit log. */
const auditable = (config: unknown) => config as Prisma.InputJsonObject;

export async function connectIntegration(t: OrgTenant, input: ConnectIntegrationInput) {
  assertKeyConfigured();
  const provider = providerOf(input.provider);
  if (!provider) throw validationError([{ path: ['provider'], message: `Unknown provider ${input.provider}` }]);
  const config = parsePart(provider.config, input.config, ['config']);
  const secrets = parsePart(provider.secrets, input.secrets, ['secrets']);
  crossChecked(provider, config, secrets);
  const id = crypto.randomUUID();
  const name = input.name ?? provider.name;
  const sealed = seal(JSON.stringify(secrets), id);
  const row = await db.$transaction(async (tx) => {
    const created = await tx.integration.create({
      data: {
        id,
        orgId: t.orgId,
        provider: provider.id,
        name,
        config: auditable(config) ?? {},
        secrets: sealed.sealed,
        keyId: sealed.keyId,
        createdById: t.userId,
      },
      select,
    });
    await recordAudit(tx, {
      orgId: t.orgId,
      action: 'integration.connected',
      target: { type: 'integration', id, label: name },
      changes: { provider: provider.id, config: auditable(config) ?? {}, secrets: Object.keys(secrets as object) },
    });
    return created;
  });
  return serialize(row);
}

export async function updateIntegration(t: OrgTenant, id: string, input: UpdateIntegrationInput) {
  const current = await integrationOf(t.orgId, id);
  const provider = providerOfRow(current);
  const config = input.config === undefined ? current.config : parsePart(provider.config, input.config, ['config']);
  if (input.config !== undefined) crossChecked(provider, config, openSecrets(current));
  const changes: Prisma.InputJsonObject = {
    ...(input.name !== undefined && input.name !== current.name
      ? { name: { from: current.name, to: input.name } }
      : {}),
    ...(input.config !== undefined && JSON.stringify(config) !== JSON.stringify(current.config)
      ? { config: { from: auditable(current.config), to: auditable(config) } }
      : {}),
  };
  const row = await db.$transaction(async (tx) => {
    const updated = await tx.integration.update({
      where: { id: current.id },
      data: { name: input.name, config: auditable(config) },
      select,
    });
    if (Object.keys(changes).length)
      await recordAudit(tx, {
        orgId: t.orgId,
        action: 'integration.updated',
        target: { type: 'integration', id, label: updated.name },
        changes,
      });
    return updated;
  });
  return serialize(row);
}

/**
 * New secrets replace the ones given (a new token, a new webhook secret); every secret is resealed under the
 * current key, so an integration sealed with a previous key moves to the new one. The names changed are audited.
 */
export async function rotateIntegration(t: OrgTenant, id: string, input: { secrets: Record<string, unknown> }) {
  assertKeyConfigured();
  const current = await integrationOf(t.orgId, id);
  const provider = providerOfRow(current);
  const given = Object.fromEntries(Object.entries(input.secrets).filter(([, v]) => v !== undefined && v !== ''));
  const merged = parsePart(provider.secrets, { ...openSecrets(current), ...given }, ['secrets']);
  crossChecked(provider, current.config, merged);
  const sealed = seal(JSON.stringify(merged), id);
  const row = await db.$transaction(async (tx) => {
    const updated = await tx.integration.update({
      where: { id: current.id },
      data: { secrets: sealed.sealed, keyId: sealed.keyId },
      select,
    });
    await recordAudit(tx, {
      orgId: t.orgId,
      action: 'integration.secrets_rotated',
      target: { type: 'integration', id, label: current.name },
      changes: { secrets: Object.keys(given), keyId: { from: current.keyId, to: sealed.keyId } },
    });
    return updated;
  });
  return serialize(row);
}

/** Removes the integration with its project settings, code mappings, ticket links and delivery log. */
export async function disconnectIntegration(t: OrgTenant, id: string): Promise<void> {
  const current = await integrationOf(t.orgId, id);
  await db.$transaction(async (tx) => {
    await tx.integration.delete({ where: { id: current.id } });
    await recordAudit(tx, {
      orgId: t.orgId,
      action: 'integration.disconnected',
      target: { type: 'integration', id, label: current.name },
      changes: { provider: current.provider },
    });
  });
}

/** Where one project's tickets go (the provider's project schema); the project must be the organization's. */
export async function configureProject(t: OrgTenant, a: { id: string; projectId: string; config: unknown }) {
  const current = await integrationOf(t.orgId, a.id);
  const provider = providerOfRow(current);
  if (!provider.project)
    throw validationError([{ path: ['config'], message: `${provider.name} has no project settings` }]);
  const project = await db.project.findFirst({
    where: { id: a.projectId, orgId: t.orgId },
    select: { id: true, name: true },
  });
  if (!project) throw notFound('Project');
  const config = parsePart(provider.project.schema, a.config, ['config']) as Prisma.InputJsonObject;
  const before = current.projects.find((p) => p.projectId === project.id)?.config ?? null;
  const row = await db.$transaction(async (tx) => {
    await tx.integrationProject.upsert({
      where: { integrationId_projectId: { integrationId: current.id, projectId: project.id } },
      create: { integrationId: current.id, projectId: project.id, config },
      update: { config },
    });
    if (JSON.stringify(before) !== JSON.stringify(config))
      await recordAudit(tx, {
        orgId: t.orgId,
        action: 'integration.project_configured',
        target: { type: 'integration', id: current.id, label: current.name },
        changes: { project: project.name, config: { from: before as Prisma.InputJsonObject | null, to: config } },
      });
    return tx.integration.findUniqueOrThrow({ where: { id: current.id }, select });
  });
  return serialize(row);
}

export async function unconfigureProject(t: OrgTenant, a: { id: string; projectId: string }) {
  const current = await integrationOf(t.orgId, a.id);
  const link = current.projects.find((p) => p.projectId === a.projectId);
  if (!link) throw notFound('Project settings');
  const row = await db.$transaction(async (tx) => {
    await tx.integrationProject.delete({
      where: { integrationId_projectId: { integrationId: current.id, projectId: a.projectId } },
    });
    await recordAudit(tx, {
      orgId: t.orgId,
      action: 'integration.project_configured',
      target: { type: 'integration', id: current.id, label: current.name },
      changes: { project: link.project.name, config: { from: link.config as Prisma.InputJsonObject, to: null } },
    });
    return tx.integration.findUniqueOrThrow({ where: { id: current.id }, select });
  });
  return serialize(row);
}
