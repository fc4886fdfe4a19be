'use client';

import { useState } from 'react';
import useSWR, { mutate } from 'swr';
import { api, errorMessage, fetcher } from '@/lib/swr/fetcher';
import { Card } from '@/components/ui/card';
import { FormError } from '@/components/ui/form-error';

const SETTING = '/api/v1/account/weekly-report';

/** Account → Notifications: the weekly report email of each project (#49), on or off for this person. */
export function WeeklyReportSetting() {
  const { data, error } = useSWR<{ enabled: boolean }>(SETTING, fetcher);
  const [saveError, setSaveError] = useState<string>();
  const [status, setStatus] = useState('');

  async function save(enabled: boolean) {
    setSaveError(undefined);
    setStatus('');
    try {
      await mutate(SETTING, api<{ enabled: boolean }>(SETTING, { method: 'PUT', body: { enabled } }), {
        optimisticData: { enabled },
        rollbackOnError: true,
      });
      setStatus('Saved');
    } catch (err) {
      setSaveError(errorMessage(err));
    }
  }

  return (
    <Card>
      <h2 className="text-base font-semibold">Weekly report</h2>
      <label className="mt-3 flex items-start gap-3 text-sm">
        <input
          type="checkbox"
          className="mt-0.5 size-4 accent-fg"
          checked={data?.enabled ?? false}
          disabled={!data}
          onChange={(e) => void save(e.target.checked)}
        />
        <span>
          <span className="block font-medium">Email me each project’s weekly report</span>
          <span className="block text-xs text-fg-muted">
            Mondays at 09:00 UTC: new, regressed and top issues, events and crash-free sessions against the week before.
          </span>
        </span>
      </label>
      {error && <FormError message="Could not load the weekly report setting." />}
      <FormError message={saveError} />
      <p role="status" aria-live="polite" className="mt-2 text-sm text-success-fg">
        {status}
      </p>
    </Card>
  );
}
