import { route } from '@/lib/http/route';
import { attachmentParams, downloadAttachment, downloadQuery } from '@/lib/attachments/attachment-api';

// One attachment's bytes: a download (raster images inline with ?inline=1), never rendered as a page.
export const GET = route(
  { auth: 'session', scope: 'project', params: attachmentParams, query: downloadQuery },
  async ({ tenant, params, query }) => {
    return { message: 'Success', file: await downloadAttachment(tenant, params.attachmentId, query.inline === '1') };
  },
);
