import { z } from 'zod';

export type FieldIssue = { path: (string | number)[]; message: string };

export const errorStatus = {
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
} as const;

export type ErrorCode = keyof typeof errorStatus;

/** The one error type the data layer throws; the route wrapper maps it to a status. */
export class AppError extends Error {
  constructor(
    readonly code: ErrorCode,
    message: string,
    readonly issues?: FieldIssue[],
    readonly headers?: Record<string, string>,
  ) {
    super(message);
    this.name = 'AppError';
  }
}

export const notFound = (what = 'Resource') => new AppError('NOT_FOUND', `${what} not found`);
export const badRequest = (message: string) => new AppError('BAD_REQUEST', message);

export function issuesFromZod(err: z.ZodError): FieldIssue[] {
  return err.issues.map((i) => ({
    path: i.path.map((p) => (typeof p === 'number' ? p : String(p))),
    message: i.message,
  }));
}

export function validationError(issues: FieldIssue[]): AppError {
  return new AppError('VALIDATION', 'Validation error', issues);
}

/** Prisma's known request errors carry a stable code: P2002 unique violation, P2025 missing record. */
export function prismaErrorCode(err: unknown): string | undefined {
  if (typeof err === 'object' && err !== null && 'code' in err && typeof err.code === 'string' && /^P\d{4}$/.test(err.code)) {
    return err.code;
  }
  return undefined;
}
