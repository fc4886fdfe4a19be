import { ApiError } from '@/lib/swr/fetcher';

/**
 * Messages a person reads beside a field. The API's own messages already name fields as people do; the
 * few that name API values (an enum the form's controls cannot produce) read as the control they belong to.
 */
const HUMAN_MESSAGES: Record<string, string> = {
  type: 'Choose what the rule watches for',
  webhookFormat: 'Choose the message format of the webhook',
  enabled: 'Choose whether the rule is active',
};

export function humanize(fields: Record<string, string>): Record<string, string> {
  return Object.fromEntries(
    Object.entries(fields).map(([field, message]) => [field, HUMAN_MESSAGES[field] ?? message]),
  );
}

/** First message per top-level field, exactly as ApiError.fieldErrors() reads the API's error[]. */
export function issuesToFields(issues: { path: PropertyKey[]; message: string }[]): Record<string, string> {
  return humanize(
    new ApiError(
      400,
      'Validation error',
      issues.map((i) => ({ path: i.path.map(String), message: i.message })),
    ).fieldErrors(),
  );
}
