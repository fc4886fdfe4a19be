'use client';

import { Card } from '@/components/ui/card';
import { TextLink } from '@/components/ui/text-link';
import { useIssueOwners } from '@/lib/swr/use-issue-owners';

/**
 * The issue's owners by the project's ownership rules and CODEOWNERS (#60), each with the rule that names them and a
 * way to the rules; nothing when no rule matches (or while loading: the side column does not jump).
 */
export function IssueOwners({ projectId, issueId }: { projectId: string; issueId: string }) {
  const { owners } = useIssueOwners(projectId, issueId);
  if (!owners?.length) return null;
  return (
    <Card>
      <section aria-labelledby="issue-owners-heading" className="space-y-2" data-testid="issue-owners">
        <h2 id="issue-owners-heading" className="text-base font-semibold">
          {owners.length === 1 ? 'Owner' : 'Owners'}
        </h2>
        <ul className="space-y-1.5 text-sm">
          {owners.map((o) => (
            <li key={`${o.type}:${o.id}`} className="min-w-0" data-testid="issue-owner">
              <span className="font-medium">{o.name}</span>
              <span className="block truncate text-xs text-fg-muted" title={o.rule}>
                by {o.source === 'codeowners' ? 'CODEOWNERS' : 'rule'} <code>{o.rule}</code>
              </span>
            </li>
          ))}
        </ul>
        <TextLink href={`/projects/${encodeURIComponent(projectId)}/settings#ownership`} className="text-xs">
          Ownership rules
        </TextLink>
      </section>
    </Card>
  );
}
