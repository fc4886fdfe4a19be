'use client';

import Link from 'next/link';
import { useState } from 'react';
import { buttonClasses } from '@/components/ui/button';
import { Label } from '@/components/ui/label';
import { Select } from '@/components/ui/select';
import { useProjects } from '@/lib/swr/use-projects';
import type { ExploreQueryInput } from '@/lib/zod/explore';

/**
 * "Create alert" on the chart (#62): the chart's query (dataset, filter, first aggregate, group-bys) opens a metric
 * alert's form on a project's Alerts page. A rule belongs to one project: the query's own when it names one.
 */
export function CreateAlert({ query }: { query: ExploreQueryInput }) {
  const { projects } = useProjects();
  const [chosen, setChosen] = useState<string>();
  if (!projects?.length) return null;
  const named = query.projects?.length === 1 ? query.projects[0] : undefined;
  const projectId = chosen ?? named ?? projects[0].id;
  const metric = JSON.stringify({
    dataset: query.dataset ?? 'spans',
    query: query.query ?? '',
    aggregates: [query.aggregates?.[0] ?? 'count()'],
    groupBy: query.groupBy ?? [],
  });
  const href = `/projects/${encodeURIComponent(projectId)}/alerts?metric=${encodeURIComponent(metric)}`;
  return (
    <div className="flex flex-wrap items-end justify-end gap-2" data-testid="create-alert">
      {projects.length > 1 && (
        <div className="space-y-1">
          <Label htmlFor="create-alert-project">Alert in project</Label>
          <Select id="create-alert-project" value={projectId} onChange={(e) => setChosen(e.target.value)}>
            {projects.map((p) => (
              <option key={p.id} value={p.id}>
                {p.name}
              </option>
            ))}
          </Select>
        </div>
      )}
      <Link href={href} className={buttonClasses('secondary')}>
        Create alert
      </Link>
    </div>
  );
}
