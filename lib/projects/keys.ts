import { db } from '@/lib/db';
import { notFound } from '@/lib/errors';
import { keysChanged } from '@/lib/key-changes';
import { getProject, newPublicKey } from './projects';

const withProjectNumber = { project: { select: { number: true } } } as const;

export async function listKeys(orgId: string, projectId: string) {
  const project = await getProject(orgId, projectId);
  return project.keys.map((k) => ({ ...k, project: { number: project.number } }));
}

export async function createKey(projectId: string, label: string) {
  return db.projectKey.create({ data: { projectId, label, publicKey: newPublicKey() }, include: withProjectNumber });
}

async function getKey(orgId: string, projectId: string, keyId: string) {
  const key = await db.projectKey.findFirst({ where: { id: keyId, projectId, project: { orgId } } });
  if (!key) throw notFound('Key');
  return key;
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
  await getKey(orgId, projectId, keyId);
  const key = await db.projectKey.update({ where: { id: keyId }, data: input, include: withProjectNumber });
  // Caches of public keys drop the entry either way: a disabled key stops at once, a re-enabled one works at once.
  if (input.enabled !== undefined || input.rateLimitPerMinute !== undefined) keysChanged([key.publicKey]);
  return key;
}

export async function deleteKey(orgId: string, projectId: string, keyId: string): Promise<void> {
  const key = await getKey(orgId, projectId, keyId);
  await db.projectKey.delete({ where: { id: key.id } });
  keysChanged([key.publicKey]);
}
