import { route } from '@/lib/http/route';
import { mergeIssues, mergeIssuesSchema } from '@/lib/issues/merge-issues';
import { projectParams } from '@/lib/zod/projects';

// Merge issues the grouping split: everything moves to the target and their later events land there.
export const POST = route(
  { auth: 'session', scope: 'project', params: projectParams, body: mergeIssuesSchema },
  async ({ tenant, body }) => {
    return { message: 'Issues merged', data: await mergeIssues(tenant, body) };
  },
);
