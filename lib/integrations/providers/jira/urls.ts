// A Jira integration: a Jira Cloud site (email and API token, REST API 3) or a Jira Data Center server (a personal
// access token, REST API 2), by its base URL.
export type JiraConfig = { baseUrl: string; deployment: 'cloud' | 'datacenter'; email?: string };
export type JiraSecrets = { apiToken: string; webhookSecret: string };
export type JiraProject = { projectKey: string; issueType: string };

export const jiraIssueUrl = (c: JiraConfig, key: string) => `${c.baseUrl}/browse/${encodeURIComponent(key)}`;

/** Done (green) statuses close; every other category (To Do, In Progress) is open. */
export const stateOfCategory = (key: unknown): 'open' | 'closed' => (key === 'done' ? 'closed' : 'open');
