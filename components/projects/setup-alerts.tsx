'use client';

import { useAlertRules, type AlertRule } from '@/lib/swr/use-alerts';
import { Card } from '@/components/ui/card';
import { LoadError, Skeleton } from '@/components/ui/states';
import { TextLink } from '@/components/ui/text-link';

const WHEN: Partial<Record<AlertRule['type'], string>> = {
  NEW_ISSUE: 'each new issue',
  REGRESSION: 'each regression (a resolved issue that comes back)',
};

const and = (words: string[]) =>
  words.length > 1 ? `${words.slice(0, -1).join(', ')} and ${words.at(-1)}` : (words[0] ?? '');

/** What a rule does when it fires, in words: whom it emails, and its webhook. */
function deliveries(rule: AlertRule): string {
  const people = [
    rule.targetType === 'PROJECT_MEMBERS' && "the project's members",
    rule.targetType === 'ISSUE_OWNERS' && "the issue's owners",
    rule.targetType === 'TEAM' && 'a team',
    rule.targetType === 'MEMBER' && 'a member',
    rule.notifyEmail,
  ].filter((w): w is string => typeof w === 'string' && w !== '');
  return and([...(people.length ? [`emails ${and(people)}`] : []), ...(rule.webhookUrl ? ['calls its webhook'] : [])]);
}

/**
 * The setup page's word on alerts (#60): who hears of this project's new issues and regressions, each rule linked on
 * the Alerts page; or that nobody does yet, with the way to change that.
 */
export function SetupAlerts({ projectId }: { projectId: string }) {
  const { data: rules, error, mutate } = useAlertRules(projectId);
  const alerts = `/projects/${encodeURIComponent(projectId)}/alerts`;
  const issueRules = (rules ?? []).filter((r) => r.enabled && WHEN[r.type]);
  return (
    <Card className="space-y-2" data-testid="setup-alerts">
      <h2 className="text-base font-semibold">Alerts</h2>
      {error ? (
        <LoadError what="the alert rules" error={error} onRetry={() => mutate()} />
      ) : !rules ? (
        <Skeleton className="h-10" />
      ) : issueRules.length === 0 ? (
        <p className="text-sm text-fg-secondary" data-testid="setup-alerts-none">
          No alert rule tells anyone of a new issue in this project yet.{' '}
          <TextLink href={alerts}>Set one up on the Alerts page</TextLink>.
        </p>
      ) : (
        <>
          <p className="text-sm text-fg-secondary">You will hear of problems without watching this page:</p>
          <ul className="list-disc space-y-1 pl-5 text-sm">
            {issueRules.map((r) => (
              <li key={r.id} data-testid="setup-alert-rule">
                <TextLink href={`${alerts}#rule-${encodeURIComponent(r.id)}`}>{r.name}</TextLink>: on {WHEN[r.type]}, it{' '}
                {deliveries(r)}.
              </li>
            ))}
          </ul>
          <p className="text-xs text-fg-muted">
            Turn a rule off or change who hears of it on the <TextLink href={alerts}>Alerts page</TextLink>.
          </p>
        </>
      )}
    </Card>
  );
}
