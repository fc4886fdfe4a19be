import { route } from '@/lib/http/route';
import { deleteComment, editComment } from '@/lib/issues/comments';
import { commentParams, commentSchema } from '@/lib/zod/issues';

export const PATCH = route(
  { auth: 'session', scope: 'project', params: commentParams, body: commentSchema },
  async ({ tenant, params, body }) => {
    return {
      message: 'Comment updated',
      data: await editComment({ t: tenant, issueId: params.issueId, commentId: params.commentId, body: body.body }),
    };
  },
);

export const DELETE = route(
  { auth: 'session', scope: 'project', params: commentParams },
  async ({ tenant, params }) => {
    await deleteComment(tenant, params.issueId, params.commentId);
    return { message: 'Comment deleted' };
  },
);
