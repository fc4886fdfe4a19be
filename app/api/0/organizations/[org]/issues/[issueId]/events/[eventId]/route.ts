import { issueEventById } from '@/app/api/0/_sentry/issue-routes';

// An issue's latest, oldest or recommended event, or one of its events by id.
export const { GET } = issueEventById;
