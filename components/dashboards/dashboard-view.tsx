'use client';

import { useRouter } from 'next/navigation';
import { errorMessage } from '@/lib/swr/fetcher';
import { deleteDashboard, updateDashboard, useDashboard, type Dashboard } from '@/lib/swr/use-dashboards';
import type { DashboardFilters, Widget } from '@/lib/zod/dashboards';
import { Button } from '@/components/ui/button';
import { PageHeader } from '@/components/ui/page-header';
import { EmptyState, ErrorState, LoadingState } from '@/components/ui/states';
import { useToast } from '@/components/ui/toast';
import { useAction } from '@/components/ui/use-action';
import { DashboardFiltersForm } from './dashboard-filters';
import { DashboardGrid } from './dashboard-grid';

/**
 * One dashboard (#61): its filters, its widgets on the grid (drag to move, the corner to resize, saved when let go),
 * each widget's query run with the filters. Every change is saved at once and is in the audit log.
 */
export function DashboardView({ id }: { id: string }) {
  const router = useRouter();
  const toast = useToast();
  const { dashboard, error, isLoading, mutate } = useDashboard(id);
  const { busy, run } = useAction();

  if (error) return <ErrorState error={error} title="Could not open this dashboard" />;
  if (isLoading || !dashboard) return <LoadingState label="Opening the dashboard" />;

  // The change shown at once, then saved; on a refusal the saved dashboard comes back with the reason.
  const save = async (change: { filters?: DashboardFilters; widgets?: Widget[] }, optimistic: Dashboard) => {
    let failure = '';
    await mutate(optimistic, { revalidate: false });
    const ok = await run(
      async () => {
        await mutate(await updateDashboard(id, change), { revalidate: false });
      },
      (err) => (failure = errorMessage(err)),
    );
    if (!ok) {
      toast.show({ message: failure, tone: 'error' });
      await mutate();
    }
  };

  return (
    <div className="space-y-6">
      <PageHeader
        title={dashboard.name}
        back={{ href: '/dashboards', label: 'Dashboards' }}
        description="Drag a widget by its title to move it, by its corner to resize it. Add widgets from Explore."
        actions={
          <div className="flex flex-wrap items-center gap-2">
            <Button variant="secondary" onClick={() => router.push('/explore')}>
              Add a widget in Explore
            </Button>
            {dashboard.canDelete && (
              <Button
                variant="danger-ghost"
                disabled={busy}
                onClick={async () => {
                  if (!window.confirm(`Delete “${dashboard.name}”?`)) return;
                  let failure = '';
                  const ok = await run(
                    () => deleteDashboard(id),
                    (err) => (failure = errorMessage(err)),
                  );
                  if (!ok) return toast.show({ message: failure, tone: 'error' });
                  router.push('/dashboards');
                }}
              >
                Delete dashboard
              </Button>
            )}
          </div>
        }
      />
      <DashboardFiltersForm
        key={JSON.stringify(dashboard.filters)}
        filters={dashboard.filters}
        busy={busy}
        onApply={(filters) => save({ filters }, { ...dashboard, filters })}
      />
      {dashboard.widgets.length === 0 ? (
        <EmptyState
          title="No widgets yet"
          description="Build a query in Explore and choose Add to dashboard to put it here."
        />
      ) : (
        <DashboardGrid
          widgets={dashboard.widgets}
          filters={dashboard.filters}
          onLayout={(widgets) => save({ widgets }, { ...dashboard, widgets })}
          onRemove={(wid) => {
            const widgets = dashboard.widgets.filter((w) => w.id !== wid);
            void save({ widgets }, { ...dashboard, widgets });
          }}
        />
      )}
    </div>
  );
}
