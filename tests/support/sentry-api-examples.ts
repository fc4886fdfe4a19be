// The shapes of Sentry's documented API examples (#63): each key the example shows and the JSON type of its value
// there, read from Sentry's API reference (getsentry/sentry api-docs/paths/**.json and src/sentry/apidocs/examples:
// "List an Organization's Issues", "Retrieve an Issue", "Bulk Mutate a List of Issues", "List a Project's Issues",
// "Retrieve the Latest Event for an Issue", the organization, project, key, team, member and user examples). A key
// whose example value is null names the type a filled value has (`'string?'`: a string or null).
import { expect } from 'vitest';

export type Shape = { [key: string]: Kind };
type Kind = 'string' | 'number' | 'boolean' | 'array' | 'object' | 'string?' | 'object?' | 'number?' | 'array?' | Shape;

const kindOf = (v: unknown) => (v === null ? 'null' : Array.isArray(v) ? 'array' : typeof v);

/** Every documented key is there with the documented type (nested shapes checked too); more keys are allowed. */
export function expectShape(actual: unknown, shape: Shape, where = '$'): void {
  expect(kindOf(actual), where).toBe('object');
  const obj = actual as Record<string, unknown>;
  for (const [key, kind] of Object.entries(shape)) {
    const at = `${where}.${key}`;
    expect(Object.keys(obj), `${at} is missing`).toContain(key);
    const v = obj[key];
    if (typeof kind === 'object') expectShape(v, kind, at);
    else if (kind.endsWith('?'))
      expect(['null', kind.slice(0, -1)], `${at}: ${JSON.stringify(v)}`).toContain(kindOf(v));
    else expect(kindOf(v), `${at}: ${JSON.stringify(v)}`).toBe(kind);
  }
}

const AVATAR: Shape = { avatarType: 'string', avatarUuid: 'string?' };

/** List Your Organizations (an item). */
export const ORGANIZATION: Shape = {
  avatar: AVATAR,
  dateCreated: 'string',
  id: 'string',
  isEarlyAdopter: 'boolean',
  name: 'string',
  require2FA: 'boolean',
  slug: 'string',
  status: { id: 'string', name: 'string' },
};

/** Retrieve an Organization. */
export const ORGANIZATION_DETAILS: Shape = {
  ...ORGANIZATION,
  hasAuthProvider: 'boolean',
  allowMemberInvite: 'boolean',
  allowMemberProjectCreation: 'boolean',
  allowSuperuserAccess: 'boolean',
  links: { organizationUrl: 'string', regionUrl: 'string' },
};

/** List an Organization's Projects (an item). */
export const PROJECT: Shape = {
  slug: 'string',
  name: 'string',
  dateCreated: 'string',
  firstEvent: 'string?',
  access: 'array',
  hasAccess: 'boolean',
  id: 'string',
  isBookmarked: 'boolean',
  isMember: 'boolean',
  platform: 'string',
  platforms: 'array',
  team: 'object?',
  teams: 'array',
  environments: 'array',
  features: 'array',
  firstTransactionEvent: 'boolean',
  hasSessions: 'boolean',
  hasProfiles: 'boolean',
  hasReplays: 'boolean',
  hasMonitors: 'boolean',
  hasFeedbacks: 'boolean',
  hasLogs: 'boolean',
  hasUserReports: 'boolean',
  latestRelease: 'object?',
};

/** Retrieve a Project. */
export const PROJECT_DETAILS: Shape = {
  ...PROJECT,
  status: 'string',
  organization: ORGANIZATION,
  dataScrubber: 'boolean',
  dataScrubberDefaults: 'boolean',
  safeFields: 'array',
  sensitiveFields: 'array',
  scrubIPAddresses: 'boolean',
  allowedDomains: 'array',
  resolveAge: 'number',
  plugins: 'array',
  processingIssues: 'number',
};

/** List a Project's Client Keys (an item). */
export const CLIENT_KEY: Shape = {
  id: 'string',
  name: 'string',
  label: 'string',
  public: 'string',
  secret: 'string?',
  projectId: 'number',
  isActive: 'boolean',
  rateLimit: 'object?',
  dsn: { secret: 'string', public: 'string', csp: 'string?', security: 'string?', minidump: 'string?', cdn: 'string?' },
  browserSdkVersion: 'string?',
  dateCreated: 'string',
};

/** A user (UserSerializer), as a member, an assignee or users/me show one. */
export const USER: Shape = {
  id: 'string',
  name: 'string',
  username: 'string',
  email: 'string',
  avatarUrl: 'string?',
  isActive: 'boolean',
  hasPasswordAuth: 'boolean',
  isManaged: 'boolean',
  dateJoined: 'string',
  lastLogin: 'string?',
  has2fa: 'boolean',
  lastActive: 'string?',
  isSuperuser: 'boolean',
  isStaff: 'boolean',
  experiments: 'object',
  emails: 'array',
  avatar: AVATAR,
};

/** List an Organization's Members (an item). */
export const MEMBER: Shape = {
  id: 'string',
  email: 'string',
  name: 'string',
  user: 'object?',
  role: 'string',
  orgRole: 'string',
  roleName: 'string',
  pending: 'boolean',
  expired: 'boolean',
  flags: 'object',
  dateCreated: 'string',
  inviteStatus: 'string',
  inviterName: 'string?',
  teams: 'array',
  teamRoles: 'array',
};

/** List an Organization's Teams (an item). */
export const TEAM: Shape = {
  id: 'string',
  slug: 'string',
  name: 'string',
  dateCreated: 'string',
  isMember: 'boolean',
  teamRole: 'string?',
  flags: 'object',
  access: 'array',
  hasAccess: 'boolean',
  isPending: 'boolean',
  memberCount: 'number',
  avatar: AVATAR,
  projects: 'array',
};

/** List a Project's Issues / List an Organization's Issues (an item). */
export const ISSUE: Shape = {
  annotations: 'array',
  assignedTo: 'object?',
  count: 'string',
  culprit: 'string',
  firstSeen: 'string',
  hasSeen: 'boolean',
  id: 'string',
  isBookmarked: 'boolean',
  isPublic: 'boolean',
  isSubscribed: 'boolean',
  lastSeen: 'string',
  level: 'string',
  logger: 'string?',
  metadata: { title: 'string' },
  numComments: 'number',
  permalink: 'string',
  project: { id: 'string', name: 'string', slug: 'string', platform: 'string' },
  shareId: 'string?',
  shortId: 'string',
  stats: { '24h': 'array' },
  status: 'string',
  statusDetails: 'object',
  subscriptionDetails: 'object?',
  title: 'string',
  type: 'string',
  userCount: 'number',
};

/** Retrieve an Issue. */
const { stats: _listStats, ...ISSUE_NO_STATS } = ISSUE;
export { ISSUE_NO_STATS };
export const ISSUE_DETAILS: Shape = {
  ...ISSUE_NO_STATS,
  activity: 'array',
  firstRelease: 'object?',
  lastRelease: 'object?',
  participants: 'array',
  pluginActions: 'array',
  pluginContexts: 'array',
  pluginIssues: 'array',
  seenBy: 'array',
  stats: { '24h': 'array', '30d': 'array' },
  tags: 'array',
  userReportCount: 'number',
};

/** An activity entry of Retrieve an Issue. */
export const ACTIVITY: Shape = { data: 'object', dateCreated: 'string', id: 'string', type: 'string', user: 'object?' };

/** Bulk Mutate a List of Issues (a status change). */
export const MUTATION: Shape = { status: 'string', statusDetails: 'object' };

/** List an Issue's Events (an item, SimpleEventSerializer). */
export const EVENT: Shape = {
  eventID: 'string',
  tags: 'array',
  dateCreated: 'string',
  user: 'object?',
  message: 'string',
  title: 'string',
  id: 'string',
  platform: 'string',
  'event.type': 'string',
  groupID: 'string',
  crashFile: 'string?',
  location: 'string?',
  culprit: 'string',
  projectID: 'string',
};

/** Retrieve the Latest Event for an Issue / Retrieve an Event for a Project. */
export const EVENT_DETAILS: Shape = {
  eventID: 'string',
  dist: 'string?',
  userReport: 'object?',
  previousEventID: 'string?',
  message: 'string',
  title: 'string',
  id: 'string',
  size: 'number',
  errors: 'array',
  platform: 'string',
  nextEventID: 'string?',
  type: 'string',
  metadata: 'object',
  tags: 'array',
  dateCreated: 'string',
  dateReceived: 'string',
  user: 'object?',
  entries: 'array',
  packages: 'object',
  sdk: 'object?',
  _meta: 'object',
  contexts: 'object',
  fingerprints: 'array',
  context: 'object',
  release: 'object?',
  groupID: 'string',
  crashFile: 'string?',
  location: 'string?',
  culprit: 'string',
  groupingConfig: 'object?',
  occurrence: 'object?',
  projectID: 'string',
  resolvedWith: 'array',
  sdkUpdates: 'array',
};

/** A stack frame of an exception entry. */
export const FRAME: Shape = {
  function: 'string?',
  errors: 'array?',
  colNo: 'number?',
  vars: 'object?',
  package: 'string?',
  absPath: 'string?',
  inApp: 'boolean',
  lineNo: 'number?',
  module: 'string?',
  filename: 'string?',
  platform: 'string?',
  instructionAddr: 'string?',
  context: 'array',
  symbolAddr: 'string?',
  trust: 'string?',
  symbol: 'string?',
};

/** One exception of the exception entry. */
export const EXCEPTION: Shape = {
  stacktrace: 'object?',
  module: 'string?',
  rawStacktrace: 'object?',
  mechanism: 'object?',
  threadId: 'number?',
  value: 'string',
  type: 'string',
};

/** A breadcrumb of the breadcrumbs entry. */
export const BREADCRUMB: Shape = {
  category: 'string?',
  level: 'string',
  event_id: 'string?',
  timestamp: 'string',
  data: 'object?',
  message: 'string?',
  type: 'string',
};

/** The request entry's data. */
export const REQUEST: Shape = {
  fragment: 'string?',
  cookies: 'array',
  inferredContentType: 'string?',
  env: 'object?',
  headers: 'array',
  url: 'string',
  query: 'array',
  data: 'object?',
  method: 'string?',
};

/** Retrieve Tag Details. */
export const TAG_KEY: Shape = {
  key: 'string',
  name: 'string',
  uniqueValues: 'number',
  totalValues: 'number',
  topValues: 'array',
};

/** List a Tag's Values (an item). */
export const TAG_VALUE: Shape = {
  key: 'string',
  name: 'string',
  value: 'string',
  count: 'number',
  lastSeen: 'string?',
  firstSeen: 'string?',
};

/** A span of Retrieve a Trace. */
export const TRACE_SPAN: Shape = {
  event_id: 'string',
  event_type: 'string',
  transaction_id: 'string',
  project_id: 'number',
  project_slug: 'string',
  transaction: 'string',
  description: 'string',
  op: 'string',
  name: 'string',
  parent_span_id: 'string?',
  profile_id: 'string',
  profiler_id: 'string',
  sdk_name: 'string',
  is_transaction: 'boolean',
  start_timestamp: 'string',
  end_timestamp: 'string',
  duration: 'number',
  measurements: 'object',
  children: 'array',
  errors: 'array',
  occurrences: 'array',
};
