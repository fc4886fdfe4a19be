'use client';

import useSWR, { mutate } from 'swr';
import { api, fetcher } from '@/lib/swr/fetcher';
import { FormError } from '@/components/ui/form-error';
import { ToggleCard } from '@/components/ui/toggle-card';

const SETTING = '/api/v1/account/weekly-report';

/** Account → Notifications: the weekly report email of each project (#49), on or off for this person. */
export function WeeklyReportSetting() {
  const { data, error } = useSWR<{ enabled: boolean }>(SETTING, fetcher);
  return (
    <ToggleCard
      title="Weekly report"
      name="weeklyReport"
      label="Email me each project’s weekly report"
      hint="Mondays at 09:00 UTC: new, regressed and top issues, events and crash-free sessions against the week before."
      checked={data?.enabled ?? false}
      disabled={!data}
      onToggle={async (enabled) => {
        await mutate(SETTING, api<{ enabled: boolean }>(SETTING, { method: 'PUT', body: { enabled } }), {
          optimisticData: { enabled },
          rollbackOnError: true,
        });
        return 'Saved';
      }}
    >
      {error && <FormError message="Could not load the weekly report setting." />}
    </ToggleCard>
  );
}
