'use client';

import type { NotificationSettings } from '@/lib/swr/use-notifications';
import { Card } from '@/components/ui/card';
import { Select } from '@/components/ui/select';
import { EVENT_LABELS } from './event-labels';
import type { Save } from './notification-defaults';

/** Each project's choice per event (default, on or off), which beats the default there. */
export function ProjectOverrides({
  settings,
  pending,
  save,
}: {
  settings: NotificationSettings;
  pending: boolean;
  save: Save;
}) {
  return (
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
                        save({
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
  );
}
