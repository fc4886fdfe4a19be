import type { NotificationEvent } from '@/lib/zod/notifications';

/** Each workflow event in words: what reaches the person, and when. */
export const EVENT_LABELS: Record<NotificationEvent, { label: string; hint: string }> = {
  ASSIGNED: { label: 'Assigned to me or my team', hint: 'By a person, a token or an ownership rule.' },
  COMMENTED: { label: 'Comments', hint: 'On issues you take part in.' },
  REGRESSED: { label: 'Regressions', hint: 'A resolved issue you take part in is back.' },
  RESOLVED: { label: 'Resolved', hint: 'Now or in the next release, issues you take part in.' },
  NEW_ISSUE: { label: 'New issues in my projects', hint: 'The projects of your teams. Off unless you turn it on.' },
};
