import { route } from '@/lib/http/route';
import { createComment } from '@/lib/issues/comments';
import { commentSchema, issueParams } from '@/lib/zod/issues';

export const POST = route(
  { auth: 'session', scope: 'project', params: issueParams, body: commentSchema },
  async ({ tenant, params, body }) => {
    return { status: 201, message: 'Comment added', data: await createComment(tenant, params.issueId, body.body) };
  },
);
