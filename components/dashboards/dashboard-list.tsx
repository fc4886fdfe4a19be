'use client';

import Link from 'next/link';
import { useRouter } from 'next/navigation';
import { useState } from 'react';
import { errorMessage } from '@/lib/swr/fetcher';
import { createDashboard, useDashboards } from '@/lib/swr/use-dashboards';
import { Button } from '@/components/ui/button';
import { Input } from '@/components/ui/input';
import { PageHeader } from '@/components/ui/page-header';
import { EmptyState, ErrorState, LoadingState } from '@/components/ui/states';
import { useToast } from '@/components/ui/toast';
import { useAction } from '@/components/ui/use-action';

/** The organization's dashboards (each project's starter among them) and a new one by name. */
export function DashboardList() {
  const router = useRouter();
  const toast = useToast();
  const { dashboards, error, isLoading } = useDashboards();
  const [name, setName] = useState('');
  const { busy, run } = useAction();
  return (
    <div className="space-y-6">
      <PageHeader
        title="Dashboards"
        description="Widgets of Explore queries, shared in the organization. Every project starts with an overview."
        actions={
          <form
            className="flex items-center gap-2"
            onSubmit={async (e) => {
              e.preventDefault();
              let id = '';
              let failure = '';
              const ok = await run(
                async () => void (id = (await createDashboard({ name: name.trim() })).id),
                (err) => (failure = errorMessage(err)),
              );
              if (!ok) return toast.show({ message: failure, tone: 'error' });
              router.push(`/dashboards/${encodeURIComponent(id)}`);
            }}
          >
            <div className="w-48">
              <Input
                aria-label="New dashboard's name"
                placeholder="New dashboard"
                value={name}
                onChange={(e) => setName(e.target.value)}
                maxLength={100}
                required
              />
            </div>
            <Button type="submit" loading={busy}>
              Create
            </Button>
          </form>
        }
      />
      {error ? (
        <ErrorState error={error} title="Could not list the dashboards" />
      ) : isLoading || !dashboards ? (
        <LoadingState label="Listing the dashboards" />
      ) : dashboards.length === 0 ? (
        <EmptyState title="No dashboards yet" description="Create one, or add a query to one from Explore." />
      ) : (
        <ul className="divide-y divide-line rounded-xl border border-line bg-surface">
          {dashboards.map((d) => (
            <li key={d.id} className="flex items-center justify-between gap-4 px-4 py-3">
              <Link href={`/dashboards/${encodeURIComponent(d.id)}`} className="font-medium text-link hover:underline">
                {d.name}
              </Link>
              <span className="text-sm text-fg-secondary">
                {d.widgets.length} widget{d.widgets.length === 1 ? '' : 's'}
              </span>
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}
