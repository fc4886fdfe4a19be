'use client';

import { SelectField } from '@/components/ui/select-field';
import { useCurrentProjectId } from '@/components/dashboard/current-project';
import { useProjectTrackers } from '@/lib/swr/use-integrations';
import { bindField, type RuleSectionProps } from '@/components/alerts/rule-form/rule-values';

/** An issue rule may also create a ticket (#64) in one of the issue trackers set up for the project. */
export function AlertTicketField(props: RuleSectionProps) {
  const trackers = useProjectTrackers(useCurrentProjectId());
  const usable = (trackers ?? []).filter((t) => t.target || t.id === props.values.ticketIntegrationId);
  if (!usable.length) return null;
  return (
    <SelectField
      id={`${props.idPrefix}-ticket`}
      label="Also create a ticket in"
      className="w-full sm:w-72"
      {...bindField(props, 'ticketIntegrationId')}
    >
      <option value="">No tracker</option>
      {usable.map((t) => (
        <option key={t.id} value={t.id}>
          {t.name}
          {t.target ? ` — ${t.target}` : ''}
        </option>
      ))}
    </SelectField>
  );
}
