import { issueTags } from '@/app/api/0/_sentry/issue-routes';

// An issue's tag keys with their most common values.
export const { GET } = issueTags;
