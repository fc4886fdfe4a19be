// Where a GitLab integration is: gitlab.com, or a self-managed GitLab's base URL (its API under /api/v4).
export type GitlabConfig = { baseUrl?: string };
export type GitlabSecrets = { token: string; webhookSecret: string };
export type GitlabProject = { project: string };

export const gitlabWebUrl = (c: GitlabConfig) => c.baseUrl ?? 'https://gitlab.com';
