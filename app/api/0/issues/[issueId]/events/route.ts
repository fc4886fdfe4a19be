import { issueEvents } from '@/app/api/0/_sentry/issue-routes';

// An issue's events, newest first (`full=true`: each whole, with its entries).
export const { GET } = issueEvents;
