import { z } from 'zod';

/** `position`: for a value with its own syntax (the issue search), the 0-based character where the problem starts. */
/** `line`/`column`: for a text of rules (ownership rules, CODEOWNERS), where the problem is, both 1-based. */
export type FieldIssue = {
  path: (string | number)[];
  message: string;
  position?: number;
  line?: number;
  column?: number;
};

export type ErrorCode =
  | 'BAD_REQUEST'
  | 'VALIDATION'
  | 'UNAUTHORIZED'
  | 'FORBIDDEN'
  | 'NOT_FOUND'
  | 'CONFLICT'
  | 'PAYLOAD_TOO_LARGE'
  | 'UNSUPPORTED_MEDIA_TYPE'
  | 'TOO_MANY_REQUESTS'
  | 'INTERNAL'
  | 'SERVICE_UNAVAILABLE';

/**
 * Which of several refusals under one code this is, for callers that say more than the code can (the sign-in forms
 * that work without the page's script, #58, answer each with its own message); the JSON answer does not carry it.
 */
export type RefusalReason =
  'email_not_verified' | 'sso_required' | 'password_signin_off' | 'signup_domain' | 'sign_in_expired';

/** The one error type the domain throws; each HTTP adapter maps its code to a status (lib/http/to-response). */
export class AppError extends Error {
  constructor(
    readonly code: ErrorCode,
    message: string,
    readonly issues?: FieldIssue[],
    readonly headers?: Record<string, string>,
    readonly reason?: RefusalReason,
  ) {
    super(message);
    this.name = 'AppError';
  }
}

export const notFound = (what = 'Resource') => new AppError('NOT_FOUND', `${what} not found`);
export const badRequest = (message: string) => new AppError('BAD_REQUEST', message);

export function issuesFromZod(err: z.ZodError): FieldIssue[] {
  return err.issues.map((i) => {
    const issue: FieldIssue = { path: i.path.map((p) => (typeof p === 'number' ? p : String(p))), message: i.message };
    const position = i.code === 'custom' ? (i.params as { position?: unknown } | undefined)?.position : undefined;
    if (typeof position === 'number') issue.position = position;
    return issue;
  });
}

export function validationError(issues: FieldIssue[]): AppError {
  return new AppError('VALIDATION', 'Validation error', issues);
}

/** Prisma's known request errors carry a stable code: P2002 unique violation, P2025 missing record. */
export function prismaErrorCode(err: unknown): string | undefined {
  if (
    typeof err === 'object' &&
    err !== null &&
    'code' in err &&
    typeof err.code === 'string' &&
    /^P\d{4}$/.test(err.code)
  ) {
    return err.code;
  }
  return undefined;
}
