'use client';

import { useState } from 'react';
import {
  updateNotificationSettings,
  useNotificationSettings,
  type NotificationSettings as Settings,
} from '@/lib/swr/use-notifications';
import { ErrorState, LoadingState } from '@/components/ui/states';
import { WeeklyReportSetting } from './weekly-report-setting';
import { PageHeader } from '@/components/ui/page-header';
import { useAction } from '@/components/ui/use-action';
import { NotificationDefaults, type Save } from './notifications/notification-defaults';
import { ProjectOverrides } from './notifications/project-overrides';

/** Account → Notifications: a grid of events by channel (email), and each project's overrides below it. */
export function NotificationSettings() {
  const { settings, error, isLoading } = useNotificationSettings();
  if (error) return <ErrorState error={error} title="Could not load your notification settings" />;
  if (isLoading || !settings) return <LoadingState label="Loading notification settings" />;
  return <SettingsGrid settings={settings} />;
}

function SettingsGrid({ settings }: { settings: Settings }) {
  const [status, setStatus] = useState('');
  const { busy: pending, error: saveError, run } = useAction();

  async function save(change: Parameters<Save>[0]) {
    setStatus('');
    if (await run(() => updateNotificationSettings([{ ...change, channel: 'email' }]))) setStatus('Saved');
  }

  return (
    <div className="space-y-6">
      <PageHeader
        title="Notifications"
        description={
          <>
            What happens to the issues you take part in (assigned to you, commented on, changed by you), and by which
            channel it reaches you. Alert rules are set per project and are not affected.
          </>
        }
      />
      <NotificationDefaults
        settings={settings}
        pending={pending}
        save={(change) => void save(change)}
        saveError={saveError}
        status={status}
      />
      <WeeklyReportSetting />
      <ProjectOverrides settings={settings} pending={pending} save={(change) => void save(change)} />
    </div>
  );
}
