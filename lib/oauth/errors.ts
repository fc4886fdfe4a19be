// #63: an OAuth refusal is our one error class with the error code RFC 6749 §5.2 / RFC 7591 §3.2.2 name, answered as
// `{ "error", "error_description" }` by the OAuth endpoints (lib/oauth/http.ts), never as the envelope.
import { AppError, type ErrorCode } from '@/lib/errors';

export type OAuthErrorCode =
  | 'invalid_request'
  | 'invalid_client'
  | 'invalid_grant'
  | 'unauthorized_client'
  | 'unsupported_grant_type'
  | 'invalid_scope'
  | 'invalid_target'
  | 'invalid_redirect_uri'
  | 'invalid_client_metadata'
  | 'unsupported_response_type'
  | 'access_denied'
  | 'temporarily_unavailable';

const CODE_OF: Partial<Record<OAuthErrorCode, ErrorCode>> = { invalid_client: 'UNAUTHORIZED' };

export class OAuthRefusal extends AppError {
  constructor(
    readonly error: OAuthErrorCode,
    description: string,
  ) {
    super(CODE_OF[error] ?? 'BAD_REQUEST', description);
  }
}

export const refuse = (error: OAuthErrorCode, description: string) => new OAuthRefusal(error, description);
