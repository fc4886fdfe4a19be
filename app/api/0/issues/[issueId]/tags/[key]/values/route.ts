import { issueTagValueList } from '@/app/api/0/_sentry/issue-routes';

// The values of one tag key of an issue, most common first.
export const { GET } = issueTagValueList;
