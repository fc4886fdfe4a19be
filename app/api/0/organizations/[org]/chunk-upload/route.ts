import { route } from '@/lib/http/route';
import { AppError, notFound } from '@/lib/errors';
import { readCappedBody } from '@/lib/http/read-body';
import { orgSlugParams } from '@/lib/sourcemaps/schemas';
import { assertOrgSlug } from '@/lib/sourcemaps/assemble-artifact-bundle';
import { MAX_BUNDLE_BYTES } from '@/lib/sourcemaps/read-artifact-bundle';
import { CHUNK_SIZE, CHUNKS_PER_REQUEST, MAX_CHUNK_REQUEST_BYTES, multipartParts, storeChunkUpload } from '@/lib/sourcemaps/upload-chunks';

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
  const type = req.headers.get('content-type') ?? '';
  if (!type.toLowerCase().startsWith('multipart/form-data')) throw new AppError('UNSUPPORTED_MEDIA_TYPE', 'Content-Type must be multipart/form-data');
  const bytes = await readCappedBody(req, MAX_CHUNK_REQUEST_BYTES).catch(() => {
    throw new AppError('BAD_REQUEST', 'Could not read the request body');
  });
  if (bytes === null) throw new AppError('PAYLOAD_TOO_LARGE', `Chunk upload larger than ${MAX_CHUNK_REQUEST_BYTES} bytes`);
  // Parts are counted in the raw body before it is parsed: a body of thousands of parts costs a scan, not a parse.
  if (multipartParts(bytes, type) > CHUNKS_PER_REQUEST) throw new AppError('BAD_REQUEST', `At most ${CHUNKS_PER_REQUEST} chunks per request`);
  const form = await new Response(new Uint8Array(bytes), { headers: { 'content-type': type } }).formData().catch(() => {
    throw new AppError('BAD_REQUEST', 'Malformed multipart body');
  });
  const stored = await storeChunkUpload(tenant.orgId, form);
  return { message: 'Chunks stored', bare: true, data: { stored } };
});
