import { route } from '@/lib/http/route';
import { notFound } from '@/lib/errors';
import { readMultipart } from '@/lib/http/multipart';
import { orgSlugParams } from '@/lib/sourcemaps/schemas';
import { assertOrgSlug } from '@/lib/sourcemaps/assemble-artifact-bundle';
import { MAX_BUNDLE_BYTES } from '@/lib/sourcemaps/read-artifact-bundle';
import {
  CHUNK_SIZE,
  CHUNKS_PER_REQUEST,
  MAX_CHUNK_REQUEST_BYTES,
  storeChunkUpload,
} from '@/lib/sourcemaps/upload-chunks';

// sentry-cli's chunked upload (Sentry's API path): the options it follows, then the chunks themselves.
const spec = { auth: 'session', scope: 'organization', tokens: 'releases', params: orgSlugParams } as const;

export const GET = route(spec, async ({ tenant, params }) => {
  if (!(await assertOrgSlug(tenant.orgId, params.org))) throw notFound('Organization');
  return {
    message: 'Success',
    bare: true,
    data: {
      // Relative: sentry-cli puts it after its own SENTRY_URL + /api/0, so it works behind any proxy.
      url: `/organizations/${encodeURIComponent(params.org)}/chunk-upload/`,
      chunkSize: CHUNK_SIZE,
      chunksPerRequest: CHUNKS_PER_REQUEST,
      maxFileSize: MAX_BUNDLE_BYTES,
      maxRequestSize: MAX_CHUNK_REQUEST_BYTES,
      concurrency: 1,
      hashAlgorithm: 'sha1',
      compression: ['gzip'],
      accept: ['artifact_bundles', 'release_files', 'sources'],
    },
  };
});

export const POST = route({ ...spec, role: 'MEMBER' }, async ({ req, tenant, params }) => {
  if (!(await assertOrgSlug(tenant.orgId, params.org))) throw notFound('Organization');
  // Parts are counted in the raw body before any is read: a body of thousands of parts costs one scan.
  const parts = await readMultipart(req, {
    maxBytes: MAX_CHUNK_REQUEST_BYTES,
    maxParts: CHUNKS_PER_REQUEST,
    what: 'Chunk upload',
    tooMany: `At most ${CHUNKS_PER_REQUEST} chunks per request`,
  });
  const stored = await storeChunkUpload(tenant.orgId, parts);
  return { message: 'Chunks stored', bare: true, data: { stored } };
});
