// A project's code mappings (#64): a frame path under `stackRoot` is `sourceRoot` + the rest in `repository` of a
// repository integration (GitHub, GitLab). Project-scoped behind the route wrapper; the integration must be the
// organization's and keep code.
import type { Prisma } from '@/lib/generated/prisma/client';
import { db } from '@/lib/db';
import { notFound, validationError } from '@/lib/errors';
import type { ProjectTenant } from '@/lib/orgs/resolve-tenant';
import type { CodeMappingInput } from '@/lib/zod/integrations';
import { providerOf } from './registry';

const select = {
  id: true,
  integrationId: true,
  stackRoot: true,
  sourceRoot: true,
  repository: true,
  defaultBranch: true,
  createdAt: true,
  updatedAt: true,
  integration: { select: { name: true, provider: true } },
} satisfies Prisma.CodeMappingSelect;

type Row = Prisma.CodeMappingGetPayload<{ select: typeof select }>;

const serialize = (r: Row) => ({
  id: r.id,
  integrationId: r.integrationId,
  integrationName: r.integration.name,
  provider: r.integration.provider,
  stackRoot: r.stackRoot,
  sourceRoot: r.sourceRoot,
  repository: r.repository,
  defaultBranch: r.defaultBranch,
  createdAt: r.createdAt.toISOString(),
  updatedAt: r.updatedAt.toISOString(),
});

/** Roots are compared as plain prefixes: no leading "./", one trailing slash at most. */
const root = (p: string) => p.replace(/^\.\//, '');

async function assertRepositoryIntegration(orgId: string, integrationId: string) {
  const row = await db.integration.findFirst({
    where: { id: integrationId, orgId },
    select: { provider: true, name: true },
  });
  if (!row) throw validationError([{ path: ['integrationId'], message: 'Integration not found in this organization' }]);
  if (!providerOf(row.provider)?.code)
    throw validationError([{ path: ['integrationId'], message: `${row.name} is not a code repository` }]);
}

export async function listCodeMappings(t: ProjectTenant) {
  const rows = await db.codeMapping.findMany({
    where: { projectId: t.projectId, project: { orgId: t.orgId } },
    select,
    orderBy: [{ createdAt: 'asc' }, { id: 'asc' }],
  });
  return rows.map(serialize);
}

export async function createCodeMapping(t: ProjectTenant, input: CodeMappingInput) {
  await assertRepositoryIntegration(t.orgId, input.integrationId);
  const row = await db.codeMapping.create({
    data: { ...input, stackRoot: root(input.stackRoot), sourceRoot: root(input.sourceRoot), projectId: t.projectId },
    select,
  });
  return serialize(row);
}

async function mappingOf(t: ProjectTenant, id: string) {
  const row = await db.codeMapping.findFirst({
    where: { id, projectId: t.projectId, project: { orgId: t.orgId } },
    select: { id: true },
  });
  if (!row) throw notFound('Code mapping');
  return row;
}

export async function updateCodeMapping(t: ProjectTenant, a: { id: string; input: Partial<CodeMappingInput> }) {
  const current = await mappingOf(t, a.id);
  if (a.input.integrationId) await assertRepositoryIntegration(t.orgId, a.input.integrationId);
  const { stackRoot, sourceRoot, ...rest } = a.input;
  const row = await db.codeMapping.update({
    where: { id: current.id },
    data: {
      ...rest,
      ...(stackRoot !== undefined ? { stackRoot: root(stackRoot) } : {}),
      ...(sourceRoot !== undefined ? { sourceRoot: root(sourceRoot) } : {}),
    },
    select,
  });
  return serialize(row);
}

export async function deleteCodeMapping(t: ProjectTenant, id: string): Promise<void> {
  const current = await mappingOf(t, id);
  await db.codeMapping.delete({ where: { id: current.id } });
}
