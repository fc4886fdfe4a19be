import { issueTag } from '@/app/api/0/_sentry/issue-routes';

// One tag key of an issue.
export const { GET } = issueTag;
