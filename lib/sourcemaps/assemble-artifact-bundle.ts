import { z } from 'zod';
import { db } from '@/lib/db';
import { createRelease } from '@/lib/releases/create-release';
import { releaseVersion } from '@/lib/releases/schemas';
import { readArtifactBundle, MAX_BUNDLE_BYTES } from './read-artifact-bundle';
import { saveSourceFiles } from './save-source-files';
import { dropChunks, missingChunks, readChunks, sha1Async, CHUNK_SIZE } from './upload-chunks';

const sha1Hex = z
  .string()
  .regex(/^[0-9a-f]{40}$/i)
  .transform((s) => s.toLowerCase());
export const assembleSchema = z.object({
  checksum: sha1Hex,
  chunks: z
    .array(sha1Hex)
    .min(1)
    .max(Math.ceil(MAX_BUNDLE_BYTES / CHUNK_SIZE)),
  projects: z.array(z.string().min(1).max(100)).min(1).max(20),
  version: releaseVersion.optional(),
  dist: z.string().max(64).optional(),
});
export type AssembleInput = z.infer<typeof assembleSchema>;

/** sentry-cli's answer shape: it uploads `missingChunks`, then polls until `ok` or `error` (with `detail`). */
export type AssembleAnswer = { state: 'ok' | 'error' | 'not_found'; missingChunks: string[]; detail: string | null };

/**
 * Assembles an uploaded artifact bundle into the named projects (of this organization) and release:
 * synchronously, so the first call with every chunk present answers `ok` or `error`.
 */
export async function assembleArtifactBundle(orgId: string, input: AssembleInput): Promise<AssembleAnswer> {
  const projects = await db.project.findMany({
    where: { orgId, OR: [{ slug: { in: input.projects } }, { id: { in: input.projects } }] },
    select: { id: true, slug: true },
  });
  const unknown = input.projects.filter((p) => !projects.some((x) => x.slug === p || x.id === p));
  if (unknown.length > 0)
    return { state: 'error', missingChunks: [], detail: `Unknown project: ${unknown.join(', ')}` };
  const missing = await missingChunks(orgId, input.chunks);
  if (missing.length > 0) return { state: 'not_found', missingChunks: missing, detail: null };
  const bundle = await readChunks(orgId, input.chunks);
  if (bundle.length > MAX_BUNDLE_BYTES)
    return fail(orgId, input, `The bundle is larger than ${MAX_BUNDLE_BYTES} bytes`);
  if ((await sha1Async(bundle)) !== input.checksum)
    return fail(orgId, input, 'The chunks do not add up to the bundle checksum');
  const read = await readArtifactBundle(bundle);
  if (!read.ok) return fail(orgId, input, read.reason);
  for (const project of projects) {
    const releaseId = input.version ? (await createRelease(project.id, input.version)).release.id : null;
    await saveSourceFiles(project.id, releaseId, read.files);
  }
  await dropChunks(orgId, input.chunks);
  return { state: 'ok', missingChunks: [], detail: null };
}

async function fail(orgId: string, input: AssembleInput, detail: string): Promise<AssembleAnswer> {
  await dropChunks(orgId, input.chunks);
  return { state: 'error', missingChunks: [], detail };
}

/** The organization the path names must be the caller's own: a foreign or unknown slug is 404. */
export async function assertOrgSlug(orgId: string, slug: string): Promise<boolean> {
  return (await db.organization.count({ where: { id: orgId, slug } })) > 0;
}
