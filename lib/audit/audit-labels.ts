import { AUDIT_ACTIONS, type AuditAction } from './actions';

/**
 * The audit log in words (#60): each action's label, each area's name, and an entry's recorded changes as lines a
 * person reads ("Require SSO: off → on", "Member: ada@example.com") instead of raw keys and JSON.
 */

/** Each area's group in the action filter, and the noun of its "All … actions" choice. */
export const AREAS_SHOWN: Record<string, [string, string]> = {
  auth: ['Sign-in', 'sign-in'],
  two_factor: ['Two-factor', 'two-factor'],
  member: ['Members', 'member'],
  org: ['Organization', 'organization'],
  token: ['API tokens', 'API token'],
  project: ['Projects', 'project'],
  key: ['Client keys', 'client key'],
  issue: ['Issues', 'issue'],
  erasure: ['Erasure', 'erasure'],
  team: ['Teams', 'team'],
  integration: ['Integrations', 'integration'],
  mcp: ['Coding agents (MCP)', 'MCP'],
  oauth: ['MCP clients (OAuth)', 'MCP client'],
  explore: ['Explore', 'saved query'],
  dashboard: ['Dashboards', 'dashboard'],
};

// A Record over AuditAction: a new action without a label fails to compile.
const ACTION_LABELS: Record<AuditAction, string> = {
  'auth.sign_in': 'Signed in',
  'auth.sign_in_failed': 'Sign-in failed',
  'auth.second_factor_failed': 'Second factor failed',
  'auth.password_changed': 'Changed password',
  'auth.sessions_revoked': 'Signed out sessions',
  'two_factor.totp_added': 'Added an authenticator app',
  'two_factor.webauthn_added': 'Added a security key',
  'two_factor.recovery_codes_generated': 'Generated recovery codes',
  'two_factor.factor_removed': 'Removed a second factor',
  'two_factor.recovery_code_used': 'Used a recovery code',
  'member.invited': 'Invited a member',
  'member.invite_revoked': 'Revoked an invite',
  'member.joined': 'Joined',
  'member.role_changed': 'Changed a role',
  'member.removed': 'Removed a member',
  'member.left': 'Left',
  'org.sso_changed': 'Changed single sign-on',
  'org.scrubbing_required_changed': 'Changed required scrubbing',
  'org.two_factor_required_changed': 'Changed required two-factor',
  'org.billing_plan_changed': 'Plan changed',
  'token.created': 'Created an API token',
  'token.revoked': 'Revoked an API token',
  'project.created': 'Created a project',
  'project.deleted': 'Deleted a project',
  'project.transferred': 'Transferred a project',
  'key.created': 'Created a client key',
  'key.rotated': 'Rotated a client key',
  'key.updated': 'Changed a client key',
  'key.revoked': 'Deleted a client key',
  'project.scrubbing_changed': 'Changed scrubbing',
  'project.ownership_changed': 'Changed ownership rules',
  'project.codeowners_added': 'Uploaded a CODEOWNERS file',
  'project.codeowners_removed': 'Deleted a CODEOWNERS file',
  'project.grouping_changed': 'Changed grouping rules',
  'issue.discarded': 'Deleted and discarded an issue',
  'issue.undiscarded': 'Stopped discarding an issue',
  'erasure.requested': 'Requested an erasure',
  'erasure.completed': 'Erasure completed',
  'team.created': 'Created a team',
  'team.updated': 'Changed a team',
  'team.deleted': 'Deleted a team',
  'team.member_added': 'Added a team member',
  'team.member_removed': 'Removed a team member',
  'team.project_added': 'Gave a team a project',
  'team.project_removed': 'Took a project from a team',
  'integration.connected': 'Connected an integration',
  'integration.updated': 'Changed an integration',
  'integration.project_configured': "Set up a project's integration",
  'integration.secrets_rotated': "Rotated an integration's secrets",
  'integration.disconnected': 'Disconnected an integration',
  'integration.slack_user_linked': 'Linked a Slack user to a member',
  'mcp.tool_called': 'Called an MCP tool',
  'oauth.authorized': 'Connected an MCP client (OAuth)',
  'oauth.revoked': 'Revoked an MCP client (OAuth)',
  'explore.query_saved': 'Saved a query',
  'explore.query_updated': 'Changed a saved query',
  'explore.query_deleted': 'Deleted a saved query',
  'dashboard.created': 'Created a dashboard',
  'dashboard.updated': 'Changed a dashboard',
  'dashboard.deleted': 'Deleted a dashboard',
};

/** "Signed in" for `auth.sign_in`; an action this build does not know (an older row) reads as words. */
export function actionLabel(action: string): string {
  return (ACTION_LABELS as Record<string, string>)[action] ?? humanize(action.replace('.', ' '));
}

export const AREAS = [...new Set(AUDIT_ACTIONS.map((a) => a.split('.')[0]))];

// Words written in capitals wherever they appear in a field's name.
const ACRONYMS = new Set(['sso', 'api', 'ip', 'url', 'id', 'mcp', 'totp', 'dsn']);

/** `requireSso` → "Require SSO", `rate_limit_per_minute` → "Rate limit per minute". */
export function fieldName(key: string): string {
  const words = key
    .replace(/([a-z0-9])([A-Z])/g, '$1 $2')
    .replace(/[_.-]+/g, ' ')
    .trim()
    .toLowerCase()
    .split(/\s+/)
    .map((w) => (ACRONYMS.has(w) ? w.toUpperCase() : w))
    .join(' ');
  return words.charAt(0).toUpperCase() + words.slice(1);
}

const humanize = (s: string) => {
  const t = s.replace(/_/g, ' ').toLowerCase();
  return t.charAt(0).toUpperCase() + t.slice(1);
};

// The fields that name a nested record best, in order; its id only when nothing else names it.
const NAMING_FIELDS = ['email', 'name', 'slug', 'label', 'title'];

/**
 * One value as words: on/off, "none", `ADMIN` → "Admin", `reset_link` → "reset link", a list joined by commas, a
 * record by the field that names it (`{ id, email }` → the email) or else as "Field value" pairs.
 */
export function showValue(v: unknown): string {
  if (v === null || v === undefined || v === '') return 'none';
  if (typeof v === 'boolean') return v ? 'on' : 'off';
  if (typeof v === 'number') return v.toLocaleString('en-US');
  if (Array.isArray(v)) return v.length ? v.map(showValue).join(', ') : 'none';
  if (typeof v === 'string') {
    if (/^[A-Z][A-Z_]*$/.test(v)) return humanize(v);
    return /^[a-z]+(_[a-z]+)+$/.test(v) ? v.replace(/_/g, ' ') : v;
  }
  if (typeof v === 'object') {
    const rec = v as Record<string, unknown>;
    const naming = NAMING_FIELDS.find((f) => typeof rec[f] === 'string' && rec[f] !== '');
    if (naming) return String(rec[naming]);
    const entries = Object.entries(rec);
    if (!entries.length) return 'none';
    return entries.map(([k, x]) => `${fieldName(k)} ${showValue(x)}`).join(' · ');
  }
  return String(v);
}

/** One recorded change: a field and either what it was and became, or its one value. */
export type ChangeLine = { field: string; from?: string; to?: string; value?: string };

const isChange = (v: unknown): v is { from: unknown; to: unknown } =>
  typeof v === 'object' && v !== null && !Array.isArray(v) && 'from' in v && 'to' in v;

/** An entry's `changes` as lines, in the order recorded; nothing when it recorded none. */
export function describeChanges(changes: unknown): ChangeLine[] {
  if (!changes || typeof changes !== 'object' || Array.isArray(changes)) return [];
  return Object.entries(changes as Record<string, unknown>).map(([k, v]) =>
    isChange(v)
      ? { field: fieldName(k), from: showValue(v.from), to: showValue(v.to) }
      : { field: fieldName(k), value: showValue(v) },
  );
}
