// Every action the audit log records (#48), by area. The page filters by these; an entry's action is one of them.
export const AUDIT_ACTIONS = [
  // Signing in
  'auth.sign_in',
  'auth.sign_in_failed',
  'auth.second_factor_failed',
  'auth.password_changed',
  'auth.sessions_revoked',
  // Second factors
  'two_factor.totp_added',
  'two_factor.webauthn_added',
  'two_factor.recovery_codes_generated',
  'two_factor.factor_removed',
  'two_factor.recovery_code_used',
  // Members
  'member.invited',
  'member.invite_revoked',
  'member.joined',
  'member.role_changed',
  'member.removed',
  'member.left',
  // Organization settings
  'org.sso_changed',
  'org.scrubbing_required_changed',
  'org.two_factor_required_changed',
  'org.billing_plan_changed',
  // API tokens
  'token.created',
  'token.revoked',
  // Projects and their keys
  'project.created',
  'project.deleted',
  'project.transferred',
  'key.created',
  'key.rotated',
  'key.updated',
  'key.revoked',
  'project.scrubbing_changed',
  'project.ownership_changed',
  'project.codeowners_added',
  'project.codeowners_removed',
  'project.grouping_changed',
  'issue.discarded',
  'issue.undiscarded',
  // Data-subject erasure
  'erasure.requested',
  'erasure.completed',
  // Teams (#49)
  'team.created',
  'team.updated',
  'team.deleted',
  'team.member_added',
  'team.member_removed',
  'team.project_added',
  'team.project_removed',
  // Integrations (#64): issue trackers, later chat and paging
  'integration.connected',
  'integration.updated',
  'integration.project_configured',
  'integration.secrets_rotated',
  'integration.disconnected',
  'integration.slack_user_linked',
  // The MCP server (#63): every tool a coding agent calls
  'mcp.tool_called',
  // OAuth grants of MCP clients (#63)
  'oauth.authorized',
  'oauth.revoked',
  // Explore (#61)
  'explore.query_saved',
  'explore.query_updated',
  'explore.query_deleted',
  // Dashboards (#61)
  'dashboard.created',
  'dashboard.updated',
  'dashboard.deleted',
] as const;
export type AuditAction = (typeof AUDIT_ACTIONS)[number];
