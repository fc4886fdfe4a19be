import type { IssueStatusValue } from '@/lib/zod/issues';

/** What each status change is called on a button, and in the toast once done. */
export const VERBS: Record<IssueStatusValue, { label: string; done: string }> = {
  RESOLVED: { label: 'Resolve', done: 'Resolved' },
  IGNORED: { label: 'Ignore', done: 'Ignored' },
  UNRESOLVED: { label: 'Unresolve', done: 'Marked unresolved' },
};
