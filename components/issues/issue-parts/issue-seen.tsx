import Link from 'next/link';
import type { IssueWithEvents } from '@/lib/swr/use-issues';
import { Card } from '@/components/ui/card';
import { KeyValueList } from '@/components/ui/key-value-list';
import { RelativeTime } from '@/components/ui/relative-time';
import { releaseHref } from '@/lib/swr/use-releases';

/** When the issue was first and last seen, and in which releases. */
export function IssueSeen({ issue, projectId }: { issue: IssueWithEvents; projectId: string }) {
  return (
    <Card>
      <section aria-labelledby="seen-heading" className="space-y-3">
        <h2 id="seen-heading" className="text-base font-semibold">
          Seen
        </h2>
        <KeyValueList
          tone="text"
          rows={[
            ['First seen', <RelativeTime key="f" iso={issue.firstSeen} />],
            [
              'First seen in',
              <ReleaseLink key="fr" projectId={projectId} version={issue.firstRelease} testId="issue-first-release" />,
            ],
            ['Last seen', <RelativeTime key="l" iso={issue.lastSeen} />],
            [
              'Last seen in',
              <ReleaseLink key="lr" projectId={projectId} version={issue.lastRelease} testId="issue-last-release" />,
            ],
          ]}
        />
      </section>
    </Card>
  );
}

function ReleaseLink({ projectId, version, testId }: { projectId: string; version: string | null; testId: string }) {
  if (!version)
    return (
      <span data-testid={testId} className="text-fg-muted">
        No release
      </span>
    );
  return (
    <Link data-testid={testId} className="break-all hover:underline" href={releaseHref(projectId, version)}>
      {version}
    </Link>
  );
}
