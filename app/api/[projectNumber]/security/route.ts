import { sentryRoute } from '@/lib/ingest/protocols/sentry/next-route';

// Browsers post security reports here (a policy's `report-uri` or `Reporting-Endpoints`, `?sentry_key=<key>`); see
// lib/ingest/protocols/sentry/prepare-security.ts.
const handler = sentryRoute('security');
export const POST = handler;
export const OPTIONS = handler;
