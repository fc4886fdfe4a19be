// An integration's provider, parsed config and opened secrets (#64): what a provider's code is given. Secrets are
// opened here only, in the worker and the webhook route, and never leave the process in an answer.
import { db } from '@/lib/db';
import { notFound, validationError, type FieldIssue } from '@/lib/errors';
import type { z } from 'zod';
import type { Connection, IntegrationProvider } from './provider';
import { providerOf } from './registry';
import { open } from './secret-box';

export type IntegrationRow = {
  id: string;
  orgId: string;
  provider: string;
  name: string;
  config: unknown;
  secrets: string;
  keyId: string;
};

export type Loaded = { provider: IntegrationProvider; connection: Connection<unknown, unknown>; row: IntegrationRow };

/** The row's provider; a row whose provider is no longer registered names nothing we can act on (404). */
export function providerOfRow(row: { provider: string }): IntegrationProvider {
  const provider = providerOf(row.provider);
  if (!provider) throw notFound('Integration');
  return provider;
}

/** Opens an integration's secrets (503 without the key that sealed them). */
export function openSecrets(row: IntegrationRow): Record<string, unknown> {
  return JSON.parse(open(row.secrets, row.id)) as Record<string, unknown>;
}

export function connectionOf(row: IntegrationRow): Loaded {
  const provider = providerOfRow(row);
  const connection = {
    id: row.id,
    name: row.name,
    config: provider.config.parse(row.config),
    secrets: provider.secrets.parse(openSecrets(row)),
  };
  return { provider, connection, row };
}

/** The integration by id alone (the worker, the webhook route: the caller knows whose it is), or null. */
export async function loadIntegration(id: string): Promise<IntegrationRow | null> {
  return db.integration.findUnique({
    where: { id },
    select: { id: true, orgId: true, provider: true, name: true, config: true, secrets: true, keyId: true },
  });
}

/** Parses a part of a request with a provider's schema; its issues are reported under `prefix`. */
export function parsePart<T>(schema: z.ZodType<T>, value: unknown, prefix: string[]): T {
  const r = schema.safeParse(value ?? {});
  if (r.success) return r.data;
  const issues: FieldIssue[] = r.error.issues.map((i) => ({
    path: [...prefix, ...i.path.map((p) => (typeof p === 'number' ? p : String(p)))],
    message: i.message,
  }));
  throw validationError(issues);
}
