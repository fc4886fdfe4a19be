import { sentryRoute } from '@/lib/ingest/protocols/sentry/next-route';

// The security endpoint's older name, still in many a policy's `report-uri`: the same endpoint as ../security.
const handler = sentryRoute('security');
export const POST = handler;
export const OPTIONS = handler;
