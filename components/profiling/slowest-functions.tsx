'use client';

import Link from 'next/link';
import { useState } from 'react';
import { useRouter } from 'next/navigation';
import { Pagination } from '@/components/dashboard/pagination';
import { usePageParam } from '@/components/dashboard/use-page-param';
import { formatCount, formatMs } from '@/components/performance/format';
import { LoadError, SkeletonRows } from '@/components/ui/states';
import { Badge } from '@/components/ui/badge';
import { DataTable, type Column } from '@/components/ui/table';
import { cn } from '@/components/ui/cn';
import { profileHref, useSlowestFunctions, type FunctionSort, type ProfiledFunction } from '@/lib/swr/use-profiles';
import { locationOf, shortLocationOf } from './flame-layout';

const EXAMPLES_SHOWN = 3;
/** Functions a page (#60: fifty at once made the page thousands of pixels tall). */
const FUNCTIONS_PAGE = 10;

const SORT_COLUMNS: { sort: FunctionSort; label: string; title: string; value: (f: ProfiledFunction) => string }[] = [
  {
    sort: 'self',
    label: 'Self',
    title: 'Time with the function at the top of the stack',
    value: (f) => formatMs(f.selfMs),
  },
  {
    sort: 'total',
    label: 'Total',
    title: 'Time with the function anywhere on the stack',
    value: (f) => formatMs(f.totalMs),
  },
  { sort: 'p75', label: 'p75', title: "75th percentile of one call's duration", value: (f) => formatMs(f.p75Ms) },
  { sort: 'count', label: 'Count', title: 'Calls seen', value: (f) => formatCount(f.count) },
];

/**
 * The project's functions by where the time went over the last `days` days: self and total time, p75 of a call and
 * calls seen, in-app code marked, each with links to profiles it was seen in. Sorting asks the API again.
 */
export function SlowestFunctions({ projectId, days }: { projectId: string; days: number }) {
  const [sort, setSortState] = useState<FunctionSort>('self');
  const [inApp, setInAppState] = useState(false);
  const { page, hrefFor } = usePageParam('functionsPage');
  const router = useRouter();
  const { data, error, isLoading, mutate } = useSlowestFunctions(projectId, {
    days,
    sort,
    inApp,
    page,
    limit: FUNCTIONS_PAGE,
  });
  // Another order or filter starts again at its first page.
  const firstPage = () => {
    if (page > 1) router.replace(hrefFor(1), { scroll: false });
  };
  const setSort = (s: FunctionSort) => {
    setSortState(s);
    firstPage();
  };
  const setInApp = (on: boolean) => {
    setInAppState(on);
    firstPage();
  };

  return (
    <div className="space-y-3">
      <label className="flex w-fit items-center gap-2 text-sm">
        <input
          type="checkbox"
          checked={inApp}
          onChange={(e) => setInApp(e.target.checked)}
          className="size-4"
          data-testid="in-app-only"
        />
        In-app only
      </label>
      {error ? (
        <LoadError what="the slowest functions" error={error} onRetry={() => mutate()} />
      ) : !data ? (
        <SkeletonRows label="Loading the slowest functions…" rows={4} />
      ) : data.functions.length === 0 ? (
        <p className="rounded-xl border border-line bg-surface px-4 py-6 text-sm text-fg-muted">
          {inApp ? 'No in-app functions' : 'No functions'} profiled in this range.
        </p>
      ) : (
        <DataTable
          label="Slowest functions"
          caption={`Functions of the profiles of the last ${days === 1 ? '24 hours' : `${days} days`}, times in milliseconds, sorted by ${SORT_COLUMNS.find((c) => c.sort === sort)?.label}`}
          className="min-w-[46rem]"
          testId="slowest-functions"
          busy={isLoading}
          rows={data.functions}
          rowKey={(f) => f.frameId}
          rowProps={(f) => ({ 'data-testid': 'function-row', 'data-name': f.name, 'data-in-app': f.inApp })}
          columns={[
            {
              name: 'Function',
              header: (
                <>
                  Function <span className="font-normal normal-case">· package or file</span>
                </>
              ),
              rowHeader: true,
              cellClassName: 'max-w-[13rem] py-2 font-normal sm:max-w-sm lg:max-w-md',
              cell: (f) => <FunctionName projectId={projectId} f={f} />,
            },
            ...SORT_COLUMNS.map((c): Column<ProfiledFunction> => ({
              name: c.label,
              header: <SortButton column={c} current={sort} onSort={setSort} />,
              headerProps: { 'aria-sort': sort === c.sort ? 'descending' : undefined },
              numeric: true,
              cellClassName: 'whitespace-nowrap',
              cell: c.value,
            })),
            {
              name: 'Example profiles',
              cell: (f) => <ExampleLinks projectId={projectId} f={f} />,
            },
          ]}
        />
      )}
      {data && data.pagination.pages > 1 && (
        <Pagination label="Function pages" {...data.pagination} noun="functions" hrefFor={hrefFor} />
      )}
    </div>
  );
}

function SortButton({
  column,
  current,
  onSort,
}: {
  column: (typeof SORT_COLUMNS)[number];
  current: FunctionSort;
  onSort: (sort: FunctionSort) => void;
}) {
  const on = current === column.sort;
  return (
    <button
      type="button"
      title={`${column.title}; sort by it`}
      onClick={() => onSort(column.sort)}
      className={cn(
        'inline-flex items-center gap-1 rounded-sm uppercase focus-visible:outline-2 focus-visible:outline-focus',
        on ? 'text-fg' : 'hover:text-fg',
      )}
    >
      {column.label}
      <span aria-hidden="true" className={on ? '' : 'invisible'}>
        ↓
      </span>
    </button>
  );
}

/** The function, a link to its latest example profile opened zoomed on it. */
function FunctionName({ projectId, f }: { projectId: string; f: ProfiledFunction }) {
  const where = locationOf(f);
  const example = f.examples[0];
  return (
    <>
      <span className="flex min-w-0 items-center gap-2">
        {example ? (
          <Link
            href={profileHref(projectId, example, { name: f.name, file: f.file })}
            className="truncate font-mono text-[13px] font-medium text-link underline-offset-4 hover:underline focus-visible:rounded-sm focus-visible:outline-2 focus-visible:outline-focus"
            title={`${f.name}: open its latest profile zoomed on it`}
            data-testid="function-link"
          >
            {f.name}
          </Link>
        ) : (
          <span className="truncate font-mono text-[13px] font-medium" title={f.name}>
            {f.name}
          </span>
        )}
        {f.inApp && (
          <Badge tone="blue" className="shrink-0">
            In-app
          </Badge>
        )}
      </span>
      <span className="block truncate font-mono text-xs text-fg-muted" title={where ?? undefined}>
        {shortLocationOf(f) ?? '—'}
      </span>
    </>
  );
}

function ExampleLinks({ projectId, f }: { projectId: string; f: ProfiledFunction }) {
  return (
    <span className="flex gap-2">
      {f.examples.slice(0, EXAMPLES_SHOWN).map((id, i) => (
        <Link
          key={id}
          href={profileHref(projectId, id, { name: f.name, file: f.file })}
          title={`Profile ${id}`}
          aria-label={`Example profile ${i + 1} of ${f.name}`}
          className="font-mono text-xs text-link underline-offset-4 hover:underline focus-visible:rounded-sm focus-visible:outline-2 focus-visible:outline-focus"
        >
          {id.slice(0, 8)}
        </Link>
      ))}
    </span>
  );
}
