import { route } from '@/lib/http/route';
import { listFeedback, listFeedbackQuery } from '@/lib/feedback/feedback-api';
import { projectParams } from '@/lib/zod/projects';

// The project's Feedback inbox: by status (new, resolved, spam, all), searched, newest first, paged by cursor.
export const GET = route(
  { auth: 'session', scope: 'project', params: projectParams, query: listFeedbackQuery },
  async ({ tenant, query }) => {
    return { message: 'Success', data: await listFeedback(tenant, query) };
  },
);
