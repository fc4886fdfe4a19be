// Attachments seen safely (#33): listed with size and type; raster images may be shown inline; everything else is a
// download (Content-Disposition: attachment) typed so a browser never renders it: HTML, SVG and XML as
// application/octet-stream, with X-Content-Type-Options: nosniff and a sandboxing Content-Security-Policy, so an
// attachment can never run script in our origin. Members of the organization only (404 for anyone else); API
// tokens with `read` may download.
import { z } from 'zod';
import { db } from '@/lib/db';
import { notFound } from '@/lib/errors';
import type { ProjectTenant } from '@/lib/orgs/resolve-tenant';
import { storeOf } from './store';

export const attachmentParams = z.object({ projectId: z.string().min(1), attachmentId: z.string().min(1).max(64) });
export const listAttachmentsQuery = z.object({
  eventId: z
    .string({ message: 'Give the event id' })
    .transform((v) => v.replace(/-/g, '').toLowerCase())
    .pipe(z.string().regex(/^[0-9a-f]{32}$/, 'An event id is 32 hex characters')),
});
export const downloadQuery = z.object({ inline: z.enum(['0', '1']).optional() });

/** Types a browser shows as an image and never runs (SVG is not one of them). */
const INLINE_IMAGES = new Set(['image/png', 'image/jpeg', 'image/gif', 'image/webp', 'image/avif', 'image/bmp']);

type Row = {
  id: string;
  eventId: string;
  filename: string;
  contentType: string;
  attachmentType: string;
  size: number;
  createdAt: Date;
};

export function serializeAttachment(projectId: string, a: Row) {
  const url = `/api/v1/projects/${encodeURIComponent(projectId)}/attachments/${encodeURIComponent(a.id)}`;
  return {
    id: a.id,
    eventId: a.eventId,
    filename: a.filename,
    contentType: a.contentType,
    attachmentType: a.attachmentType,
    size: a.size,
    createdAt: a.createdAt.toISOString(),
    url,
    /** Set for images shown inline on the event page. */
    inlineUrl: INLINE_IMAGES.has(a.contentType) ? `${url}?inline=1` : null,
  };
}

const SELECT = {
  id: true,
  eventId: true,
  filename: true,
  contentType: true,
  attachmentType: true,
  size: true,
  createdAt: true,
} as const;

export async function listAttachments(t: ProjectTenant, eventIds: string[]) {
  const rows = await db.attachment.findMany({
    where: { projectId: t.projectId, project: { orgId: t.orgId }, eventId: { in: eventIds } },
    select: SELECT,
    orderBy: { createdAt: 'asc' },
  });
  return rows.map((r) => serializeAttachment(t.projectId, r));
}

/** RFC 6266: an ASCII fallback and the UTF-8 name. */
function disposition(kind: 'inline' | 'attachment', filename: string): string {
  const ascii = filename.replace(/[^\x20-\x7e]/g, '_').replace(/["\\]/g, '_');
  return `${kind}; filename="${ascii}"; filename*=UTF-8''${encodeURIComponent(filename)}`;
}

export async function downloadAttachment(t: ProjectTenant, id: string, inline: boolean) {
  const a = await db.attachment.findFirst({ where: { id, projectId: t.projectId, project: { orgId: t.orgId } } });
  if (!a) throw notFound('Attachment');
  const data = await storeOf({ id: a.id, projectId: a.projectId, storage: a.storage }).read({
    id: a.id,
    projectId: a.projectId,
    storage: a.storage,
  });
  if (!data) throw notFound('Attachment');
  const image = INLINE_IMAGES.has(a.contentType);
  const type = image
    ? a.contentType
    : a.contentType === 'text/plain' || a.contentType === 'application/json'
      ? `${a.contentType}; charset=utf-8`
      : 'application/octet-stream';
  return {
    body: new Uint8Array(data.buffer, data.byteOffset, data.byteLength),
    headers: {
      'content-type': type,
      'content-length': String(data.length),
      'content-disposition': disposition(inline && image ? 'inline' : 'attachment', a.filename),
      'x-content-type-options': 'nosniff',
      'content-security-policy': "default-src 'none'; sandbox",
      'cross-origin-resource-policy': 'same-origin',
      'cache-control': 'private, no-store',
    },
  };
}
