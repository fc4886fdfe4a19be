// #33: attachments in an S3-compatible store (ATTACHMENTS_S3_*) without touching ingest, against s3rver (an
// S3-compatible server from npm) on loopback: the bytes go to the bucket and not to PostgreSQL, the download reads
// them back, attachments written before the switch stay readable from PostgreSQL, and retention deletes the objects.
import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { GetObjectCommand, S3Client } from '@aws-sdk/client-s3';
import S3rver from 's3rver';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import * as download from '@/app/api/v1/projects/[projectId]/attachments/[attachmentId]/route';
import { clock } from '@/lib/clock';
import { pool } from '@/lib/pg';
import { purgeOldData } from '@/lib/retention/purge-old-data';
import { signUp } from '../support/accounts';
import { createProject, setPlan } from '../support/fixtures';

let s3: S3rver;
let endpoint = '';
const BUCKET = 'tracker-attachments';
const ENV = ['BUCKET', 'ENDPOINT', 'ACCESS_KEY_ID', 'SECRET_ACCESS_KEY', 'FORCE_PATH_STYLE', 'PREFIX'].map(
  (n) => `ATTACHMENTS_S3_${n}`,
);

beforeAll(async () => {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'tracker-s3-'));
  s3 = new S3rver({
    port: 0,
    address: '127.0.0.1',
    silent: true,
    directory: dir,
    configureBuckets: [{ name: BUCKET, configs: [] }],
  });
  const { port } = await s3.run();
  endpoint = `http://127.0.0.1:${port}`;
});
afterAll(async () => {
  for (const n of ENV) delete process.env[n];
  clock.reset();
  await s3.close();
});

const useS3 = (on: boolean) => {
  const values = [BUCKET, endpoint, 'S3RVER', 'S3RVER', 'true', 'test/'];
  ENV.forEach((n, i) => (on ? (process.env[n] = values[i]) : delete process.env[n]));
};

describe('attachments in S3', () => {
  it('stored in the bucket, read back, older ones still from PostgreSQL, deleted by retention', async () => {
    const s = await signUp();
    await setPlan(s.orgId, 'FREE');
    const project = await createProject(s.client, 'Uploads');
    const key = project.keys[0].publicKey;
    const send = async (eventId: string, filename: string, data: string) => {
      const payload = Buffer.from(data);
      const body = Buffer.concat([
        Buffer.from(
          `${JSON.stringify({ event_id: eventId })}\n${JSON.stringify({ type: 'event' })}\n${JSON.stringify({ event_id: eventId, message: 'with a file' })}\n`,
        ),
        Buffer.from(`${JSON.stringify({ type: 'attachment', filename, length: payload.length })}\n`),
        payload,
        Buffer.from('\n'),
      ]);
      const res = await s.client.post(`/api/${project.number}/envelope/?sentry_key=${key}`, body, {
        headers: { 'content-length': String(body.length) },
      });
      expect(res.status, res.text).toBe(200);
    };
    const get = async (eventId: string) => {
      const [a] = (await s.client.get(`/api/v1/projects/${project.id}/attachments`, { query: { eventId } })).body
        .data as { id: string }[];
      const res = await download.GET(
        new Request(`http://localhost/api/v1/projects/${project.id}/attachments/${a.id}`, {
          headers: { cookie: s.client.cookie! },
        }),
        {
          params: Promise.resolve({ projectId: project.id, attachmentId: a.id }),
        },
      );
      return { id: a.id, status: res.status, text: await res.text() };
    };

    const before = crypto.randomUUID().replace(/-/g, '');
    await send(before, 'before.txt', 'in postgres');
    useS3(true);
    try {
      const after = crypto.randomUUID().replace(/-/g, '');
      await send(after, 'after.txt', 'in the bucket');
      const inS3 = await get(after);
      expect(inS3).toMatchObject({ status: 200, text: 'in the bucket' });
      const { rows } = await pool().query(
        `SELECT a.storage, b.attachment_id AS blob FROM attachments a LEFT JOIN attachment_blobs b ON b.attachment_id = a.id WHERE a.id = $1`,
        [inS3.id],
      );
      expect(rows[0]).toEqual({ storage: 's3', blob: null });
      const client = new S3Client({
        region: 'us-east-1',
        endpoint,
        forcePathStyle: true,
        credentials: { accessKeyId: 'S3RVER', secretAccessKey: 'S3RVER' },
      });
      const object = await client.send(new GetObjectCommand({ Bucket: BUCKET, Key: `test/${project.id}/${inS3.id}` }));
      expect(await object.Body!.transformToString()).toBe('in the bucket');
      expect(await get(before)).toMatchObject({ status: 200, text: 'in postgres' });

      // Forty days on, past the FREE plan's 30: rows and the object are gone.
      clock.set(Date.now() + 40 * 86_400_000);
      await purgeOldData({ orgIds: [s.orgId] });
      expect(
        (await pool().query('SELECT count(*)::int AS n FROM attachments WHERE project_id = $1', [project.id])).rows[0]
          .n,
      ).toBe(0);
      await expect(
        client.send(new GetObjectCommand({ Bucket: BUCKET, Key: `test/${project.id}/${inS3.id}` })),
      ).rejects.toMatchObject({ name: 'NoSuchKey' });
    } finally {
      useS3(false);
      clock.reset();
    }
  });
});
