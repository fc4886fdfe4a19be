import { route } from '@/lib/http/route';
import { listAttachments, listAttachmentsQuery } from '@/lib/attachments/attachment-api';
import { projectParams } from '@/lib/zod/projects';

// The attachments of one event (or piece of feedback), by its 32-hex id.
export const GET = route(
  { auth: 'session', scope: 'project', params: projectParams, query: listAttachmentsQuery },
  async ({ tenant, query }) => {
    return { message: 'Success', data: await listAttachments(tenant, [query.eventId]) };
  },
);
