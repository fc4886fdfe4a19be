// What the API says about an integration (#64): never a secret, only which ones are set.
import { env } from '@/lib/env';
import type { IntegrationProvider } from './provider';
import { currentKeyRing } from './secret-box';

type Row = {
  id: string;
  provider: string;
  name: string;
  config: unknown;
  keyId: string;
  createdAt: Date;
  updatedAt: Date;
  createdBy: { id: string; name: string; email: string } | null;
  projects: { projectId: string; config: unknown; project: { name: string } }[];
};

/** Where the provider posts its webhooks (Jira Data Center without signatures: add `/<webhook secret>`). */
export const webhookUrlOf = (id: string) => `${env.appUrl}/api/webhooks/integrations/${encodeURIComponent(id)}`;

export function serializeIntegration(row: Row, provider: IntegrationProvider) {
  return {
    id: row.id,
    provider: row.provider,
    providerName: provider.name,
    kind: provider.kind,
    name: row.name,
    config: row.config,
    webhookUrl: provider.webhook ? webhookUrlOf(row.id) : null,
    repository: Boolean(provider.code),
    /** False when an older key sealed its secrets: rotate (or restart) reseals them under the current key. */
    sealedWithCurrentKey: currentKeyRing().current?.id === row.keyId,
    createdBy: row.createdBy,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
    projects: row.projects.map((p) => ({
      projectId: p.projectId,
      projectName: p.project.name,
      config: p.config,
      target: describeProject(provider, p.config),
    })),
  };
}

export function describeProject(provider: IntegrationProvider, config: unknown): string {
  if (!provider.project) return '';
  const parsed = provider.project.schema.safeParse(config);
  return parsed.success ? provider.project.describe(parsed.data) : '';
}

/** The providers and what connecting each asks for, for the settings page. */
export function serializeProviders(providers: readonly IntegrationProvider[]) {
  return providers.map((p) => ({
    id: p.id,
    name: p.name,
    kind: p.kind,
    fields: p.fields,
    projectFields: p.project?.fields ?? [],
    webhooks: Boolean(p.webhook),
    repository: Boolean(p.code),
  }));
}
