import { z } from 'zod';
import { AppError, issuesFromZod, prismaErrorCode, type ErrorCode } from '@/lib/errors';
import { respond } from './envelope';
import { logger } from '@/lib/log';

export const errorStatus: Record<ErrorCode, number> = {
  BAD_REQUEST: 400,
  VALIDATION: 400,
  UNAUTHORIZED: 401,
  FORBIDDEN: 403,
  NOT_FOUND: 404,
  CONFLICT: 409,
  PAYLOAD_TOO_LARGE: 413,
  UNSUPPORTED_MEDIA_TYPE: 415,
  TOO_MANY_REQUESTS: 429,
  INTERNAL: 500,
  SERVICE_UNAVAILABLE: 503,
};

/** Maps any thrown value to the envelope: AppError by its code, zod → 400, Prisma P2002/P2025, else 500. */
export function errorToResponse(err: unknown, extraHeaders?: HeadersInit, requestId?: string): Response {
  if (err instanceof AppError) {
    const headers = new Headers(extraHeaders);
    for (const [k, v] of Object.entries(err.headers ?? {})) headers.set(k, v);
    return respond({ statusCode: errorStatus[err.code], message: err.message, error: err.issues, headers });
  }
  if (err instanceof z.ZodError) {
    return respond({ statusCode: 400, message: 'Validation error', error: issuesFromZod(err), headers: extraHeaders });
  }
  const code = prismaErrorCode(err);
  if (code === 'P2002') return respond({ statusCode: 409, message: 'Already exists', headers: extraHeaders });
  if (code === 'P2025') return respond({ statusCode: 404, message: 'Not found', headers: extraHeaders });
  logger.error({ requestId, err }, 'unhandled error');
  return respond({ statusCode: 500, message: 'Internal server error', headers: extraHeaders });
}
