'use client';

import { usePathname, useRouter, useSearchParams } from 'next/navigation';
import { useEnvironments } from '@/lib/swr/use-environments';

const selectClass =
  'block h-8 max-w-48 rounded-md border border-line-strong bg-surface px-2 text-sm focus-visible:border-focus focus-visible:outline-2 focus-visible:outline-focus/30';

/** The project-wide environment (`environment=` in the URL): the issue list, its counts and Performance follow it. */
export function EnvironmentSelect({ projectId }: { projectId: string }) {
  const router = useRouter();
  const pathname = usePathname();
  const params = useSearchParams();
  const { environments } = useEnvironments(projectId);
  const current = params.get('environment') ?? '';
  const section = pathname.split('/')[3];
  const names = environments?.map((e) => e.name) ?? [];
  // A value from a shared link stays selectable even before (or without) a matching rollup row.
  if (current && !names.includes(current)) names.unshift(current);

  function change(value: string) {
    const q = new URLSearchParams(params.toString());
    if (value) q.set('environment', value);
    else q.delete('environment');
    q.delete('page');
    const s = q.toString();
    router.push(s ? `${pathname}?${s}` : pathname, { scroll: false });
  }

  // Only the pages it filters show it: the issue list and Performance.
  if (section !== 'issues' && section !== 'performance') return null;
  if (pathname.split('/').length > 4 && section === 'issues') return null;
  return (
    <div className="mb-4 flex items-center justify-end gap-2 text-sm">
      <label htmlFor="environment-select" className="text-fg-muted">
        Environment
      </label>
      <select id="environment-select" className={selectClass} value={current} onChange={(e) => change(e.target.value)}>
        <option value="">All environments</option>
        {names.map((n) => (
          <option key={n} value={n}>
            {n}
          </option>
        ))}
      </select>
    </div>
  );
}
