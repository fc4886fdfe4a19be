import { route } from '@/lib/http/route';
import { AppError } from '@/lib/errors';
import { readCappedBody } from '@/lib/http/read-body';
import { releaseParams } from '@/lib/releases/schemas';
import { listSourceFiles, MAX_FILE_UPLOAD_BYTES, uploadSourceFile } from '@/lib/sourcemaps/upload-source-file';

const spec = { auth: 'session', scope: 'project', tokens: 'releases', params: releaseParams } as const;

export const GET = route(spec, async ({ tenant, params }) => {
  return { message: 'Success', data: await listSourceFiles(tenant.projectId, params.version) };
});

export const POST = route(spec, async ({ req, tenant, params }) => {
  const type = req.headers.get('content-type') ?? '';
  if (!type.toLowerCase().startsWith('multipart/form-data')) throw new AppError('UNSUPPORTED_MEDIA_TYPE', 'Content-Type must be multipart/form-data');
  const bytes = await readCappedBody(req, MAX_FILE_UPLOAD_BYTES).catch(() => {
    throw new AppError('BAD_REQUEST', 'Could not read the request body');
  });
  if (bytes === null) throw new AppError('PAYLOAD_TOO_LARGE', `File upload larger than ${MAX_FILE_UPLOAD_BYTES} bytes`);
  const form = await new Response(new Uint8Array(bytes), { headers: { 'content-type': type } }).formData().catch(() => {
    throw new AppError('BAD_REQUEST', 'Malformed multipart body');
  });
  return { status: 201, message: 'File uploaded', data: await uploadSourceFile(tenant.projectId, params.version, form) };
});
