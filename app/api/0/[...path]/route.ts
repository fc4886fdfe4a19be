import { SENTRY_NOT_FOUND } from '@/lib/sentry-api/org';

// Any other /api/0 path: Sentry's JSON 404, never a page (docs/api-compat.md lists what exists).
const notFound = async () => Response.json({ detail: SENTRY_NOT_FOUND }, { status: 404 });
export const GET = notFound;
export const POST = notFound;
export const PUT = notFound;
export const PATCH = notFound;
export const DELETE = notFound;
