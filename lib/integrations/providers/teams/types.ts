// teams's stored config and secrets, shared by the provider (index.ts) and its client.
export type TeamsSecrets = { webhookUrl: string };
