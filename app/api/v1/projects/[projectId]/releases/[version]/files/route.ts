import { route } from '@/lib/http/route';
import { readMultipart } from '@/lib/http/multipart';
import { releaseParams } from '@/lib/releases/schemas';
import { listSourceFiles, MAX_FILE_UPLOAD_BYTES, uploadSourceFile } from '@/lib/sourcemaps/upload-source-file';

const spec = { auth: 'session', scope: 'project', tokens: 'releases', params: releaseParams } as const;

export const GET = route(spec, async ({ tenant, params }) => {
  return { message: 'Success', data: await listSourceFiles(tenant.projectId, params.version) };
});

export const POST = route(spec, async ({ req, tenant, params }) => {
  const parts = await readMultipart(req, { maxBytes: MAX_FILE_UPLOAD_BYTES, maxParts: 8, what: 'File upload' });
  return {
    status: 201,
    message: 'File uploaded',
    data: await uploadSourceFile(tenant.projectId, params.version, parts),
  };
});
