import { issueDetails } from '@/app/api/0/_sentry/issue-routes';

// Retrieve, update (status, assignee, seen, bookmark, merge, discard) or delete an issue, by number or short id.
export const { GET, PUT, DELETE } = issueDetails;
