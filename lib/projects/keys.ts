import { db, type Tx } from '@/lib/db';
import { recordAudit } from '@/lib/audit/record-audit';
import { notFound } from '@/lib/errors';
import type { Prisma } from '@/lib/generated/prisma/client';
import { keysChanged } from '@/lib/key-changes';
import { getProject, newPublicKey } from './projects';

const withProjectNumber = { project: { select: { number: true } } } as const;

export async function listKeys(orgId: string, projectId: string) {
  const project = await getProject(orgId, projectId);
  return project.keys.map((k) => ({ ...k, project: { number: project.number } }));
}

export async function createKey(orgId: string, projectId: string, label: string) {
  return db.$transaction(async (tx) => {
    const key = await tx.projectKey.create({
      data: { projectId, label, publicKey: newPublicKey() },
      include: withProjectNumber,
    });
    await recordKey(tx, orgId, 'key.created', key, { label });
    return key;
  });
}

async function getKey(orgId: string, projectId: string, keyId: string) {
  const key = await db.projectKey.findFirst({ where: { id: keyId, projectId, project: { orgId } } });
  if (!key) throw notFound('Key');
  return key;
}

/** A key's audit entry: the key is named with its project's slug, since every project has a `Default`. */
async function recordKey(
  tx: Tx,
  orgId: string,
  action: 'key.created' | 'key.updated' | 'key.revoked',
  key: { id: string; projectId: string; label: string },
  changes: Prisma.InputJsonObject,
) {
  const project = await tx.project.findUnique({ where: { id: key.projectId }, select: { slug: true } });
  await recordAudit(tx, {
    orgId,
    action,
    target: { type: 'key', id: key.id, label: `${key.label} (${project?.slug ?? key.projectId})` },
    changes,
  });
}

export async function updateKey({
  orgId,
  projectId,
  keyId,
  input,
}: {
  orgId: string;
  projectId: string;
  keyId: string;
  input: { label?: string; enabled?: boolean; rateLimitPerMinute?: number | null };
}) {
  const before = await getKey(orgId, projectId, keyId);
  const key = await db.$transaction(async (tx) => {
    const updated = await tx.projectKey.update({ where: { id: keyId }, data: input, include: withProjectNumber });
    const changes: Record<string, { from: string | boolean | number | null; to: string | boolean | number | null }> =
      {};
    for (const field of ['label', 'enabled', 'rateLimitPerMinute'] as const) {
      if (before[field] !== updated[field]) changes[field] = { from: before[field], to: updated[field] };
    }
    if (Object.keys(changes).length > 0) await recordKey(tx, orgId, 'key.updated', updated, changes);
    return updated;
  });
  // Caches of public keys drop the entry either way: a disabled key stops at once, a re-enabled one works at once.
  if (input.enabled !== undefined || input.rateLimitPerMinute !== undefined) keysChanged([key.publicKey]);
  return key;
}

/** Deleting a key revokes it: events sent with its DSN are refused from then on. */
export async function deleteKey(orgId: string, projectId: string, keyId: string): Promise<void> {
  const key = await getKey(orgId, projectId, keyId);
  await db.$transaction(async (tx) => {
    await tx.projectKey.delete({ where: { id: key.id } });
    await recordKey(tx, orgId, 'key.revoked', key, { label: key.label });
  });
  keysChanged([key.publicKey]);
}
