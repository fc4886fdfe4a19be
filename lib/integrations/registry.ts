// Every integration provider (#64), one entry each (STYLE 13): a provider is a folder under ./providers/<id>/ whose
// index.ts exports its IntegrationProvider (docs/integrations.md, "Adding a provider").
import type { IntegrationProvider } from './provider';
import { github } from './providers/github';
import { gitlab } from './providers/gitlab';
import { jira } from './providers/jira';
import { linear } from './providers/linear';
import { opsgenie } from './providers/opsgenie';
import { pagerduty } from './providers/pagerduty';
import { slack } from './providers/slack';
import { teams } from './providers/teams';

export const PROVIDERS: readonly IntegrationProvider<never, never, never>[] = [
  github,
  gitlab,
  jira,
  linear,
  slack,
  teams,
  pagerduty,
  opsgenie,
] as never;

/** The provider with this id, or undefined (an unknown id in a request is a 400, in a stored row a 404). */
export function providerOf(id: string): IntegrationProvider | undefined {
  return PROVIDERS.find((p) => p.id === id) as IntegrationProvider | undefined;
}
