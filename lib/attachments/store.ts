// Where attachment bytes live (#33): PostgreSQL by default (attachment_blobs, zero set-up), or an S3-compatible
// bucket when ATTACHMENTS_S3_BUCKET is set. Ingest and the download route talk only to this interface; each row
// remembers its store, so attachments written before a switch stay readable.
import { pgStore, type AttachmentStore, type StoredRef } from './pg-store';
import { s3Store } from './s3-store';

export type { AttachmentStore, NewAttachment, StoredRef } from './pg-store';

/** The store new attachments go to. */
export function attachmentStore(): AttachmentStore {
  return s3Store() ?? pgStore;
}

/** The store an existing row's bytes are in. */
export function storeOf(ref: StoredRef): AttachmentStore {
  if (ref.storage === 's3') {
    const s3 = s3Store();
    if (!s3) throw new Error('This attachment is in S3, and ATTACHMENTS_S3_BUCKET is not set');
    return s3;
  }
  return pgStore;
}
