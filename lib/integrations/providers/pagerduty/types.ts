// pagerduty's stored config and secrets, shared by the provider (index.ts) and its client.
export type PagerDutyConfig = { region: 'us' | 'eu'; server?: string };
export type PagerDutySecrets = { routingKey: string };
