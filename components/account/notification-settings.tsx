'use client';

import { useState } from 'react';
import Link from 'next/link';
import { errorMessage } from '@/lib/swr/fetcher';
import {
  updateNotificationSettings,
  useNotificationSettings,
  type NotificationSettings as Settings,
} from '@/lib/swr/use-notifications';
import type { NotificationEvent } from '@/lib/zod/notifications';
import { Card } from '@/components/ui/card';
import { FormError } from '@/components/ui/form-error';
import { Select } from '@/components/ui/select';
import { ErrorState, LoadingState } from '@/components/ui/states';
import { WeeklyReportSetting } from './weekly-report-setting';
import { PageHeader } from '@/components/ui/page-header';

/** Each workflow event in words: what reaches the person, and when. */
export const EVENT_LABELS: Record<NotificationEvent, { label: string; hint: string }> = {
  ASSIGNED: { label: 'Assigned to me or my team', hint: 'By a person, a token or an ownership rule.' },
  COMMENTED: { label: 'Comments', hint: 'On issues you take part in.' },
  REGRESSED: { label: 'Regressions', hint: 'A resolved issue you take part in is back.' },
  RESOLVED: { label: 'Resolved', hint: 'Now or in the next release, issues you take part in.' },
  NEW_ISSUE: { label: 'New issues in my projects', hint: 'The projects of your teams. Off unless you turn it on.' },
};

/** Account → Notifications: a grid of events by channel (email), and each project's overrides below it. */
export function NotificationSettings() {
  const { settings, error, isLoading } = useNotificationSettings();
  if (error) return <ErrorState error={error} title="Could not load your notification settings" />;
  if (isLoading || !settings) return <LoadingState label="Loading notification settings" />;
  return <SettingsGrid settings={settings} />;
}

function SettingsGrid({ settings }: { settings: Settings }) {
  const [status, setStatus] = useState('');
  const [saveError, setSaveError] = useState<string>();
  const [pending, setPending] = useState(false);

  async function save(change: { event: NotificationEvent; enabled: boolean | null; projectId?: string }) {
    setPending(true);
    setSaveError(undefined);
    setStatus('');
    try {
      await updateNotificationSettings([{ ...change, channel: 'email' }]);
      setStatus('Saved');
    } catch (err) {
      setSaveError(errorMessage(err));
    } finally {
      setPending(false);
    }
  }

  return (
    <div className="space-y-6">
      <PageHeader
        title="Notifications"
        description={
          <>
            What happens to the issues you take part in (assigned to you, commented on, changed by you), and by which
            channel it reaches you. Alert rules are set per project and are not affected.{' '}
            <Link href="/settings/account" className="text-link underline underline-offset-4">
              Back to your account
            </Link>
          </>
        }
      />
      <Card>
        <h2 className="text-base font-semibold">Defaults</h2>
        <table className="mt-3 w-full text-sm">
          <thead>
            <tr className="border-b border-line text-left text-fg-secondary">
              <th scope="col" className="py-2 pr-3 font-medium">
                Event
              </th>
              <th scope="col" className="w-20 py-2 text-center font-medium">
                Email
              </th>
            </tr>
          </thead>
          <tbody>
            {settings.events.map((event) => (
              <tr key={event} className="border-b border-line last:border-0">
                <th scope="row" className="py-2 pr-3 text-left font-normal">
                  <span id={`notify-${event}`} className="block font-medium">
                    {EVENT_LABELS[event].label}
                  </span>
                  <span className="block text-xs text-fg-muted">{EVENT_LABELS[event].hint}</span>
                </th>
                <td className="py-2 text-center">
                  <input
                    type="checkbox"
                    className="size-4 accent-fg"
                    aria-label={`Email: ${EVENT_LABELS[event].label}`}
                    checked={settings.defaults[event].email}
                    disabled={pending}
                    onChange={(e) => void save({ event, enabled: e.target.checked })}
                  />
                </td>
              </tr>
            ))}
          </tbody>
        </table>
        <FormError message={saveError} />
        <p role="status" aria-live="polite" className="mt-2 text-sm text-success-fg">
          {status}
        </p>
      </Card>
      <WeeklyReportSetting />
      <Card>
        <h2 className="text-base font-semibold">Per project</h2>
        <p className="mt-1 text-sm text-fg-secondary">A choice for one project beats your default there.</p>
        {settings.projects.length === 0 && <p className="mt-3 text-sm text-fg-muted">No projects yet.</p>}
        <div className="mt-3 space-y-5">
          {settings.projects.map((project) => (
            <section key={project.id} aria-label={`Overrides for ${project.name}`}>
              <h3 className="text-sm font-semibold">{project.name}</h3>
              <ul className="mt-2 divide-y divide-line">
                {settings.events.map((event) => {
                  const override = project.overrides[event]?.email;
                  const value = override === undefined ? 'default' : override ? 'on' : 'off';
                  const id = `override-${project.id}-${event}`;
                  return (
                    <li key={event} className="flex flex-wrap items-center justify-between gap-2 py-2">
                      <label htmlFor={id} className="text-sm">
                        {EVENT_LABELS[event].label}
                      </label>
                      <Select
                        id={id}
                        className="w-44"
                        value={value}
                        disabled={pending}
                        onChange={(e) =>
                          void save({
                            event,
                            projectId: project.id,
                            enabled: e.target.value === 'default' ? null : e.target.value === 'on',
                          })
                        }
                      >
                        <option value="default">Default ({settings.defaults[event].email ? 'email' : 'off'})</option>
                        <option value="on">Email</option>
                        <option value="off">Off</option>
                      </Select>
                    </li>
                  );
                })}
              </ul>
            </section>
          ))}
        </div>
      </Card>
    </div>
  );
}
