import Link from 'next/link';
import { Card } from '@/components/ui/card';

/** No issue to list: clear the filters, or (with none at all) set up the client library. */
export function EmptyIssues({
  projectId,
  filtered,
  clearHref,
}: {
  projectId: string;
  filtered: boolean;
  clearHref: string;
}) {
  return (
    <Card className="px-6 py-14 text-center">
      {filtered ? (
        <>
          <h2 className="text-lg font-semibold">No issues match these filters</h2>
          <p className="mt-2 text-sm text-fg-muted">
            <Link href={clearHref} className="font-medium text-link underline-offset-4 hover:underline">
              Clear the filters
            </Link>{' '}
            to see every issue.
          </p>
        </>
      ) : (
        <>
          <h2 className="text-lg font-semibold">No unresolved issues</h2>
          <p className="mx-auto mt-2 max-w-md text-sm text-fg-muted">
            Errors your app sends appear here, grouped by type and stack trace.{' '}
            <Link href={clearHref} className="font-medium text-link underline-offset-4 hover:underline">
              Show every issue
            </Link>{' '}
            or{' '}
            <Link
              href={`/projects/${encodeURIComponent(projectId)}`}
              className="font-medium text-link underline-offset-4 hover:underline"
            >
              set up the client library
            </Link>
            .
          </p>
        </>
      )}
    </Card>
  );
}
