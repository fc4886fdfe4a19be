// opsgenie's stored config and secrets, shared by the provider (index.ts) and its client.
export type OpsgenieConfig = { region: 'us' | 'eu'; baseUrl?: string };
export type OpsgenieSecrets = { apiKey: string };
