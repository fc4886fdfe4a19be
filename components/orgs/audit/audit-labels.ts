import { AUDIT_ACTIONS } from '@/lib/audit/actions';

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
};

const ACTION_LABELS: Record<string, string> = {
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
};

export const actionLabel = (a: string) => ACTION_LABELS[a] ?? a;
export const AREAS = [...new Set(AUDIT_ACTIONS.map((a) => a.split('.')[0]))];
