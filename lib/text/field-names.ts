/** What a person calls each API field a form can send. */
const FIELD_NAMES: Record<string, string> = {
  name: 'Name',
  email: 'Email',
  password: 'Password',
  otp: 'Passcode',
  label: 'Label',
  platform: 'Platform',
  role: 'Role',
  scopes: 'Scopes',
  version: 'Version',
  notifyEmail: 'Notification email',
  webhookUrl: 'Webhook URL',
  windowMinutes: 'Window',
  threshold: 'Threshold',
  orgId: 'Organization',
  assigneeId: 'Assignee',
  body: 'Comment',
  status: 'Status',
  url: 'URL',
  file: 'File',
  enabled: 'Enabled',
  scrubDefaults: 'Default scrubbers',
  sensitiveFields: 'Additional sensitive fields',
  safeFields: 'Safe fields',
  scrubIpAddresses: "Don't store IP addresses",
  requireScrubbing: 'Require scrubbing',
  errorMessages: 'Error messages',
  releases: 'Releases',
};

/** "notifyEmail" → "Notification email"; an unknown camelCase name → "Words in it". */
export function humanFieldName(field: string): string {
  if (FIELD_NAMES[field]) return FIELD_NAMES[field];
  const words = field
    .replace(/([a-z0-9])([A-Z])/g, '$1 $2')
    .replace(/[_-]+/g, ' ')
    .trim()
    .toLowerCase();
  return words.charAt(0).toUpperCase() + words.slice(1);
}

/** A message with any known camelCase API field name in it replaced by its human name. */
export function humanizeMessage(message: string): string {
  return message.replace(/\b[a-z]+[A-Z][A-Za-z]*\b/g, (word) => (FIELD_NAMES[word] ? FIELD_NAMES[word] : word));
}

/** One line for a form from a validation issue: the field's human name, unless the message already leads with it. */
export function describeFieldIssue(field: string, message: string): string {
  const text = humanizeMessage(message);
  if (!field) return text;
  const name = humanFieldName(field);
  return text.toLowerCase().startsWith(name.toLowerCase())
    ? text
    : `${name}: ${text.charAt(0).toLowerCase()}${text.slice(1)}`;
}
