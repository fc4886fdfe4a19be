import { sentryRoute } from '@/lib/ingest/protocols/sentry/next-route';

// Sentry SDKs post here (DSN `<scheme>://<publicKey>@<host>/<number>`); see lib/ingest/protocols/sentry/handle-sentry.ts.
const handler = sentryRoute('envelope');
export const POST = handler;
export const OPTIONS = handler;
