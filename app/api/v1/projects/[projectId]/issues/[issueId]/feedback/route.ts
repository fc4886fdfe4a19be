import { route } from '@/lib/http/route';
import { issueFeedback } from '@/lib/feedback/feedback-api';
import { issueParams } from '@/lib/zod/issues';

// What users wrote about this issue's events (the feedback widget, captureFeedback, user reports, the crash dialog).
export const GET = route({ auth: 'session', scope: 'project', params: issueParams }, async ({ tenant, params }) => {
  return { message: 'Success', data: await issueFeedback(tenant, params.issueId) };
});
