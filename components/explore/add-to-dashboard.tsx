'use client';

import { useRouter } from 'next/navigation';
import { useState } from 'react';
import { errorMessage } from '@/lib/swr/fetcher';
import { addWidget, createDashboard, useDashboards } from '@/lib/swr/use-dashboards';
import { WIDGET_DISPLAYS, type WidgetDisplay } from '@/lib/zod/dashboards';
import { Button } from '@/components/ui/button';
import { Input } from '@/components/ui/input';
import { Select } from '@/components/ui/select';
import { useToast } from '@/components/ui/toast';
import { useAction } from '@/components/ui/use-action';
import type { PageState } from './url-state';

export const DISPLAY_LABELS: Record<WidgetDisplay, string> = {
  line: 'Line',
  area: 'Area',
  bar: 'Bar',
  big_number: 'Big number',
  table: 'Table',
};
const NEW = '__new__';

/** "Add to dashboard": the query on the page as a widget of a dashboard (or of a new one), then that dashboard. */
export function AddToDashboard({ state }: { state: PageState }) {
  const router = useRouter();
  const toast = useToast();
  const { dashboards } = useDashboards();
  const [open, setOpen] = useState(false);
  const [target, setTarget] = useState(NEW);
  const [name, setName] = useState('');
  const [title, setTitle] = useState('');
  const [display, setDisplay] = useState<WidgetDisplay>(state.chart);
  const { busy, run } = useAction();

  if (!open)
    return (
      <Button variant="secondary" onClick={() => setOpen(true)}>
        Add to dashboard
      </Button>
    );
  const submit = async () => {
    let id = target;
    let failure = '';
    const widget = {
      title: title.trim() || (state.query.aggregates ?? ['count()']).join(', '),
      display,
      query: state.query,
    };
    const ok = await run(
      async () => {
        if (target === NEW) id = (await createDashboard({ name: name.trim() })).id;
        await addWidget(id, widget);
      },
      (err) => (failure = errorMessage(err)),
    );
    if (!ok) return toast.show({ message: failure, tone: 'error' });
    toast.show({ message: `Added “${widget.title}”` });
    router.push(`/dashboards/${encodeURIComponent(id)}`);
  };
  return (
    <form
      aria-label="Add to dashboard"
      className="flex flex-wrap items-center gap-2"
      onSubmit={(e) => {
        e.preventDefault();
        void submit();
      }}
    >
      <Select aria-label="Dashboard" value={target} onChange={(e) => setTarget(e.target.value)}>
        <option value={NEW}>New dashboard…</option>
        {dashboards?.map((d) => (
          <option key={d.id} value={d.id}>
            {d.name}
          </option>
        ))}
      </Select>
      {target === NEW && (
        <div className="w-44">
          <Input
            aria-label="New dashboard's name"
            placeholder="Dashboard name"
            value={name}
            onChange={(e) => setName(e.target.value)}
            maxLength={100}
            required
          />
        </div>
      )}
      <div className="w-44">
        <Input
          aria-label="Widget title"
          placeholder="Widget title"
          value={title}
          onChange={(e) => setTitle(e.target.value)}
          maxLength={100}
        />
      </div>
      <Select aria-label="Show as" value={display} onChange={(e) => setDisplay(e.target.value as WidgetDisplay)}>
        {WIDGET_DISPLAYS.map((d) => (
          <option key={d} value={d}>
            {DISPLAY_LABELS[d]}
          </option>
        ))}
      </Select>
      <Button type="submit" loading={busy}>
        Add widget
      </Button>
      <Button variant="ghost" onClick={() => setOpen(false)}>
        Cancel
      </Button>
    </form>
  );
}
