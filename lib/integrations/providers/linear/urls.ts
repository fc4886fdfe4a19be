// A Linear integration: an API key of the workspace, its issues created in one team per project.
export type LinearConfig = { baseUrl?: string };
export type LinearSecrets = { apiKey: string; webhookSecret: string };
export type LinearProject = { team: string };

/** Completed and canceled issues are closed; triage, backlog, unstarted and started ones open. */
export const stateOfType = (type: unknown): 'open' | 'closed' =>
  type === 'completed' || type === 'canceled' ? 'closed' : 'open';
