// What a form that works without the page's script (#58) says when it comes back refused. The form handler sends the
// browser back to the form with a code (`?refused=credentials`, or `?refused=invalid&field=password`; not `error`,
// which the sign-in page keeps for the providers' sign-in) and the page shows the message for that code: the URL names what went wrong, never what was typed, and a page shows only these texts,
// never words from the URL.
import type { AppError, ErrorCode, RefusalReason } from '@/lib/errors';

/** The message a page shows for a refusal, with the status the JSON API answers for the same refusal. */
export type FormNotice = { status: number; message: string; field?: string; code?: string };

const REFUSALS = {
  credentials: { status: 401, message: 'Invalid email or password' },
  unverified: { status: 403, message: 'Email not verified' },
  sso: { status: 403, message: 'Your organization requires single sign-on: continue with its identity provider' },
  'password-off': { status: 403, message: 'Password sign-in is turned off on this server' },
  'signup-domain': { status: 403, message: 'New accounts are limited to the email domains this server allows' },
  taken: { status: 409, message: 'Email already registered' },
  passcode: { status: 400, message: 'Invalid or expired passcode' },
  'reset-link': { status: 400, message: 'Invalid or expired reset link' },
  code: { status: 401, message: 'Invalid two-factor code' },
  expired: { status: 401, message: 'Your sign-in expired or was not started: sign in again' },
  'app-code': { status: 400, message: 'That code does not match: enter the current code from your app' },
  'totp-exists': { status: 409, message: 'An authenticator app is already set up: remove it first' },
  'no-password': {
    status: 400,
    message:
      'Your account signs in through a provider and has no password yet: set one with "Forgot password" on the sign-in page',
  },
  'account-exists': {
    status: 409,
    message: 'An account with this email already exists: sign in to accept the invite',
  },
  'wrong-invitee': {
    status: 403,
    message: 'This invite was sent to another address: sign in with that address (verified) to accept it',
  },
  member: { status: 409, message: 'You are already a member of this organization' },
  invite: { status: 400, message: 'This invite can no longer be used' },
  'oauth-org': { status: 404, message: 'You are not a member of that organization' },
  'oauth-request': {
    status: 400,
    message: 'This authorization request can no longer be used: start again from the application',
  },
  throttled: { status: 429, message: 'Too many attempts: wait a few minutes and try again' },
  failed: { status: 500, message: 'Something went wrong: try again' },
} satisfies Record<string, FormNotice>;

export type RefusalCode = keyof typeof REFUSALS;

/** Refusals named by the service itself, whichever form they come from. */
const BY_REASON: Record<RefusalReason, RefusalCode> = {
  email_not_verified: 'unverified',
  sso_required: 'sso',
  password_signin_off: 'password-off',
  signup_domain: 'signup-domain',
  sign_in_expired: 'expired',
};

const EMAIL = 'Invalid email address';
const NEW_PASSWORD = 'Password must be 8 to 128 characters';
const NAME = 'Name is required, at most 100 characters';
const CODE = 'Code is required';
const INVITE = { BAD_REQUEST: 'invite', NOT_FOUND: 'invite', FORBIDDEN: 'wrong-invitee' } as const;

type FormSpec = {
  /** The inputs whose refusal is shown under the input, with the message for each. */
  fields: Record<string, string>;
  /** What each error code of the form's service means on this form. */
  codes: Partial<Record<ErrorCode, RefusalCode>>;
};

const FORMS = {
  login: { fields: { email: EMAIL, password: 'Password is required' }, codes: { UNAUTHORIZED: 'credentials' } },
  signup: { fields: { name: NAME, email: EMAIL, password: NEW_PASSWORD }, codes: { CONFLICT: 'taken' } },
  verify: { fields: { email: EMAIL, otp: 'Passcode is required' }, codes: { BAD_REQUEST: 'passcode' } },
  'forgot-password': { fields: { email: EMAIL }, codes: {} },
  // A link without a usable token is the link's fault, not the person's.
  'reset-password': {
    fields: { password: NEW_PASSWORD },
    codes: { BAD_REQUEST: 'reset-link', VALIDATION: 'reset-link' },
  },
  'two-factor': { fields: { code: CODE }, codes: { UNAUTHORIZED: 'code' } },
  'invite-login': {
    fields: { email: EMAIL, password: 'Password is required' },
    codes: { ...INVITE, UNAUTHORIZED: 'credentials', CONFLICT: 'member' },
  },
  'invite-signup': { fields: { name: NAME, password: NEW_PASSWORD }, codes: { ...INVITE, CONFLICT: 'account-exists' } },
  'invite-accept': { fields: {}, codes: { ...INVITE, CONFLICT: 'member' } },
  password: {
    fields: {
      currentPassword: 'Current password is missing or incorrect',
      newPassword: NEW_PASSWORD,
      confirmPassword: 'The two new passwords differ',
    },
    codes: { BAD_REQUEST: 'no-password' },
  },
  totp: { fields: { code: CODE }, codes: { BAD_REQUEST: 'app-code', CONFLICT: 'totp-exists' } },
  'oauth-consent': { fields: {}, codes: { NOT_FOUND: 'oauth-org', BAD_REQUEST: 'oauth-request' } },
} satisfies Record<string, FormSpec>;

export type FormName = keyof typeof FORMS;

/** The query a refused form returns with: a refusal code, or `invalid` and the input it is about. */
export function refusalQuery(form: FormName, err: AppError): Record<string, string> {
  const spec: FormSpec = FORMS[form];
  if (err.reason) return { refused: BY_REASON[err.reason] };
  const field = String(err.issues?.[0]?.path[0] ?? '');
  if (err.code === 'VALIDATION' && Object.hasOwn(spec.fields, field)) return { refused: 'invalid', field };
  if (err.code === 'TOO_MANY_REQUESTS') return { refused: 'throttled' };
  return { refused: spec.codes[err.code] ?? 'failed' };
}

/** The query parameters a refused form comes back with. */
export type RefusalParams = { refused?: string | string[]; field?: string | string[] };

/** What the page of `form` shows for the code (and field) it was sent back with; nothing for an unknown code. */
export function formNotice(form: FormName, { refused, field }: RefusalParams): FormNotice | undefined {
  if (typeof refused !== 'string') return undefined;
  const fields: Record<string, string> = FORMS[form].fields;
  if (refused === 'invalid')
    return typeof field === 'string' && Object.hasOwn(fields, field)
      ? { status: 400, message: fields[field], field }
      : undefined;
  return Object.hasOwn(REFUSALS, refused) ? { ...REFUSALS[refused as RefusalCode], code: refused } : undefined;
}
