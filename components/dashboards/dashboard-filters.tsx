'use client';

import { useState } from 'react';
import type { DashboardFilters } from '@/lib/zod/dashboards';
import { Button } from '@/components/ui/button';
import { Input } from '@/components/ui/input';
import { Select } from '@/components/ui/select';
import { PERIODS } from '@/components/explore/query-builder';

const RANGES = [['', "Each widget's range"], ...PERIODS] as const;

/** The range, environment and release every widget of the dashboard reads; saved with the dashboard. */
export function DashboardFiltersForm({
  filters,
  busy,
  onApply,
}: {
  filters: DashboardFilters;
  busy: boolean;
  onApply: (f: DashboardFilters) => void;
}) {
  const [period, setPeriod] = useState(filters.statsPeriod ?? '');
  const [environment, setEnvironment] = useState(filters.environment ?? '');
  const [release, setRelease] = useState(filters.release ?? '');
  return (
    <form
      aria-label="Dashboard filters"
      className="flex flex-wrap items-center gap-2"
      onSubmit={(e) => {
        e.preventDefault();
        onApply({
          ...(period ? { statsPeriod: period } : {}),
          ...(environment.trim() ? { environment: environment.trim() } : {}),
          ...(release.trim() ? { release: release.trim() } : {}),
        });
      }}
    >
      <Select aria-label="Time range" value={period} onChange={(e) => setPeriod(e.target.value)}>
        {RANGES.map(([v, label]) => (
          <option key={v} value={v}>
            {label}
          </option>
        ))}
      </Select>
      <div className="w-40">
        <Input
          aria-label="Environment"
          placeholder="Any environment"
          value={environment}
          onChange={(e) => setEnvironment(e.target.value)}
          maxLength={64}
        />
      </div>
      <div className="w-40">
        <Input
          aria-label="Release"
          placeholder="Any release"
          value={release}
          onChange={(e) => setRelease(e.target.value)}
          maxLength={200}
        />
      </div>
      <Button type="submit" variant="secondary" loading={busy}>
        Apply filters
      </Button>
    </form>
  );
}
