'use client';

import type { NotificationSettings } from '@/lib/swr/use-notifications';
import type { NotificationEvent } from '@/lib/zod/notifications';
import { Card } from '@/components/ui/card';
import { FormError } from '@/components/ui/form-error';
import { EVENT_LABELS } from './event-labels';

export type Save = (change: { event: NotificationEvent; enabled: boolean | null; projectId?: string }) => void;

/** The person's default for each event: on or off by email. */
export function NotificationDefaults({
  settings,
  pending,
  save,
  saveError,
  status,
}: {
  settings: NotificationSettings;
  pending: boolean;
  save: Save;
  saveError?: string;
  status: string;
}) {
  return (
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
                  onChange={(e) => save({ event, enabled: e.target.checked })}
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
  );
}
