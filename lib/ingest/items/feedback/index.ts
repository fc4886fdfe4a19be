// User feedback (#33, #44): `feedback` items (the widget and captureFeedback: the message and contact in
// contexts.feedback, the scope's contexts and tags beside it) and legacy `user_report` items, stored per project
// and linked to the issue of the event they are about; the team is told by email.
import { defineKind, jsonOrRefusal } from '../kind';
import { storeFeedback } from './feedback-writer';
import { parseFeedback, parseUserReport, type FeedbackItem } from './parse-feedback';

export { linkPendingFeedback } from './feedback-writer';
export { MAX_FEEDBACK_MESSAGE, userReportItem, userReportSchema, type FeedbackItem } from './parse-feedback';

export const feedback = defineKind<FeedbackItem>({
  name: 'feedback',
  itemTypes: { feedback: 'feedback', user_report: 'feedback' },
  fields: { text: ['message', 'url', 'name', 'email'], map: ['contexts'] },
  parse(_item, type, ctx) {
    const payload = jsonOrRefusal(ctx);
    if (Array.isArray(payload)) return { items: [], invalid: payload };
    const r =
      type === 'feedback' ? parseFeedback(payload, ctx.path, ctx.headerEventId) : parseUserReport(payload, ctx.path);
    return Array.isArray(r) ? { items: [], invalid: r } : { items: [r] };
  },
  store: (key, items, ctx) => storeFeedback(key, items, ctx.count),
});
