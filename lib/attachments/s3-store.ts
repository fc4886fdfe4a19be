// The S3-compatible attachment store (AWS S3, MinIO, R2, …) with the official AWS SDK, configured by
// ATTACHMENTS_S3_BUCKET (turns it on), ATTACHMENTS_S3_REGION (default us-east-1), ATTACHMENTS_S3_ENDPOINT (for
// non-AWS services), ATTACHMENTS_S3_ACCESS_KEY_ID and ATTACHMENTS_S3_SECRET_ACCESS_KEY (else the SDK's default
// credential chain), ATTACHMENTS_S3_FORCE_PATH_STYLE=true (MinIO) and ATTACHMENTS_S3_PREFIX. Objects are
// `<prefix><project id>/<attachment id>`, written before their row and deleted before it.
import type { S3Client } from '@aws-sdk/client-s3';
import { insertRows, type AttachmentStore, type StoredRef } from './pg-store';

// The AWS SDK is loaded when a bucket is first used (Node keeps the module once imported): most installs keep
// attachments in PostgreSQL, and its modules would otherwise hold about 4 MB of the server's heap from the start (#65).
type Sdk = typeof import('@aws-sdk/client-s3');
type Config = { bucket: string; prefix: string; client: () => Promise<{ sdk: Sdk; s3: S3Client }> };
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
    const options = {
      region: e('ATTACHMENTS_S3_REGION') ?? 'us-east-1',
      endpoint: e('ATTACHMENTS_S3_ENDPOINT'),
      forcePathStyle: e('ATTACHMENTS_S3_FORCE_PATH_STYLE') === 'true',
      // Checksums only where S3 requires them: S3-compatible services (MinIO, R2, older ones) refuse the SDK's
      // default CRC32 trailers.
      requestChecksumCalculation: 'WHEN_REQUIRED' as const,
      responseChecksumValidation: 'WHEN_REQUIRED' as const,
      ...(accessKeyId && secretAccessKey ? { credentials: { accessKeyId, secretAccessKey } } : {}),
    };
    let client: Promise<{ sdk: Sdk; s3: S3Client }> | undefined;
    const made = () =>
      (client ??= import('@aws-sdk/client-s3')
        .then((sdk) => ({ sdk, s3: new sdk.S3Client(options) }))
        .catch((err: unknown) => {
          client = undefined; // the next use tries again
          throw err;
        }));
    cached = { key, config: { bucket, prefix: e('ATTACHMENTS_S3_PREFIX') ?? '', client: made } };
  }
  return cached.config;
}

const objectKey = (c: Config, ref: { projectId: string; id: string }) => `${c.prefix}${ref.projectId}/${ref.id}`;

async function deleteObjects(c: Config, refs: { projectId: string; id: string }[]): Promise<void> {
  const { sdk, s3 } = await c.client();
  for (let i = 0; i < refs.length; i += 1000) {
    await s3.send(
      new sdk.DeleteObjectsCommand({
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
      const { sdk, s3 } = await c.client();
      await Promise.all(
        rows.map((r) =>
          s3.send(
            new sdk.PutObjectCommand({
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
      const { sdk, s3 } = await c.client();
      try {
        const out = await s3.send(new sdk.GetObjectCommand({ Bucket: c.bucket, Key: objectKey(c, ref) }));
        return out.Body ? Buffer.from(await out.Body.transformToByteArray()) : null;
      } catch (err) {
        if (err instanceof sdk.NoSuchKey) return null;
        throw err;
      }
    },
    async removeBytes(refs) {
      if (refs.length) await deleteObjects(c, refs);
    },
  };
}
