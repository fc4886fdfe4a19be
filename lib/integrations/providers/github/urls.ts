// Where a GitHub integration's API and web pages are: github.com, or a GitHub Enterprise Server's base URL.
export type GithubConfig =
  { baseUrl?: string; auth: 'token' } | { baseUrl?: string; auth: 'app'; appId?: string; installationId?: string };
export type GithubSecrets = { token?: string; privateKey?: string; webhookSecret: string };
export type GithubProject = { repository: string };

export function githubWebUrl(c: GithubConfig): string {
  return c.baseUrl ?? 'https://github.com';
}

/** api.github.com for github.com; <base>/api/v3 for GitHub Enterprise Server. */
export function githubApiUrl(c: GithubConfig): string {
  return c.baseUrl ? `${c.baseUrl}/api/v3` : 'https://api.github.com';
}

/** A ref or file path in a URL: each segment encoded, the slashes kept. */
export const refPath = (p: string) => p.split('/').map(encodeURIComponent).join('/');
