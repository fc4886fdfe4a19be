// The S3-compatible attachment store (AWS S3, MinIO, R2, …) with the official AWS SDK, configured by
// ATTACHMENTS_S3_BUCKET (turns it on), ATTACHMENTS_S3_REGION (default us-east-1), ATTACHMENTS_S3_ENDPOINT (for
// non-AWS services), ATTACHMENTS_S3_ACCESS_KEY_ID and ATTACHMENTS_S3_SECRET_ACCESS_KEY (else the SDK's default
// credential chain), ATTACHMENTS_S3_FORCE_PATH_STYLE=true (MinIO) and ATTACHMENTS_S3_PREFIX. Objects are
// `<prefix><project id>/<attachment id>`, written before their row and deleted before it.
import { DeleteObjectsCommand, GetObjectCommand, NoSuchKey, PutObjectCommand, S3Client } from '@aws-sdk/client-s3';
import { insertRows, type AttachmentStore, type StoredRef } from './pg-store';

type Config = { bucket: string; prefix: string; client: S3Client };
let cached: { key: string; config: Config } | undefined;

function config(): Config | null {
  const e = (name: string) => process.env[name]?.trim() || undefined;
  const bucket = e('ATTACHMENTS_S3_BUCKET');
  if (!bucket) return null;
  const key = ['BUCKET', 'REGION', 'ENDPOINT', 'ACCESS_KEY_ID', 'SECRET_ACCESS_KEY', 'FORCE_PATH_STYLE', 'PREFIX']
    .map((n) => e(`ATTACHMENTS_S3_${n}`) ?? '')
    .join('\u0000');
  if (cached?.key !== key) {
    const accessKeyId = e('ATTACHMENTS_S3_ACCESS_KEY_ID');
    const secretAccessKey = e('ATTACHMENTS_S3_SECRET_ACCESS_KEY');
    const client = new S3Client({
      region: e('ATTACHMENTS_S3_REGION') ?? 'us-east-1',
      endpoint: e('ATTACHMENTS_S3_ENDPOINT'),
      forcePathStyle: e('ATTACHMENTS_S3_FORCE_PATH_STYLE') === 'true',
      // Checksums only where S3 requires them: S3-compatible services (MinIO, R2, older ones) refuse the SDK's
      // default CRC32 trailers.
      requestChecksumCalculation: 'WHEN_REQUIRED',
      responseChecksumValidation: 'WHEN_REQUIRED',
      ...(accessKeyId && secretAccessKey ? { credentials: { accessKeyId, secretAccessKey } } : {}),
    });
    cached = { key, config: { bucket, prefix: e('ATTACHMENTS_S3_PREFIX') ?? '', client } };
  }
  return cached.config;
}

const objectKey = (c: Config, ref: { projectId: string; id: string }) => `${c.prefix}${ref.projectId}/${ref.id}`;

async function deleteObjects(c: Config, refs: { projectId: string; id: string }[]): Promise<void> {
  for (let i = 0; i < refs.length; i += 1000) {
    await c.client.send(
      new DeleteObjectsCommand({
        Bucket: c.bucket,
        Delete: { Objects: refs.slice(i, i + 1000).map((r) => ({ Key: objectKey(c, r) })), Quiet: true },
      }),
    );
  }
}

/** The S3 store when ATTACHMENTS_S3_BUCKET is set, else null. */
export function s3Store(): AttachmentStore | null {
  const c = config();
  if (!c) return null;
  return {
    name: 's3',
    async save(rows, client) {
      await Promise.all(
        rows.map((r) =>
          c.client.send(
            new PutObjectCommand({
              Bucket: c.bucket,
              Key: objectKey(c, r),
              Body: r.data,
              ContentType: 'application/octet-stream',
            }),
          ),
        ),
      );
      try {
        await insertRows(rows, 's3', client);
      } catch (err) {
        await deleteObjects(c, rows).catch(() => {});
        throw err;
      }
    },
    async read(ref: StoredRef) {
      try {
        const out = await c.client.send(new GetObjectCommand({ Bucket: c.bucket, Key: objectKey(c, ref) }));
        return out.Body ? Buffer.from(await out.Body.transformToByteArray()) : null;
      } catch (err) {
        if (err instanceof NoSuchKey) return null;
        throw err;
      }
    },
    async removeBytes(refs) {
      if (refs.length) await deleteObjects(c, refs);
    },
  };
}
