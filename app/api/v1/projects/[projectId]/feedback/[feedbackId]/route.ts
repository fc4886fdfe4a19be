import { route } from '@/lib/http/route';
import { feedbackParams, updateFeedback, updateFeedbackSchema } from '@/lib/feedback/feedback-api';

// Triage one piece of feedback: its status (new, resolved, spam) and who handles it.
export const PATCH = route(
  { auth: 'session', scope: 'project', params: feedbackParams, body: updateFeedbackSchema },
  async ({ tenant, params, body }) => {
    return { message: 'Feedback updated', data: await updateFeedback(tenant, params.feedbackId, body) };
  },
);
