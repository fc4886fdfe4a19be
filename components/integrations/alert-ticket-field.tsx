'use client';

import { SelectField } from '@/components/ui/select-field';
import { useCurrentProjectId } from '@/components/dashboard/current-project';
import { useIntegrations, useProjectTrackers } from '@/lib/swr/use-integrations';
import { bindField, type RuleSectionProps } from '@/components/alerts/rule-form/rule-values';

/**
 * An issue rule may also create a ticket (#64) in one of the issue trackers set up for the project, or send the
 * alert to a chat or paging integration: the "Slack app" (Block Kit with buttons, beside the incoming-webhook
 * format), Microsoft Teams, PagerDuty or Opsgenie.
 */
export function AlertTicketField(props: RuleSectionProps) {
  const projectId = useCurrentProjectId();
  const trackers = useProjectTrackers(projectId);
  const { integrations } = useIntegrations();
  const usable = [
    ...(trackers ?? []).filter((t) => t.target || t.id === props.values.ticketIntegrationId),
    ...(integrations ?? [])
      .filter((i) => i.kind === 'chat' || i.kind === 'paging')
      .map((i) => ({
        id: i.id,
        name: i.provider === 'slack' ? `Slack app: ${i.name}` : i.name,
        target: i.projects.find((p) => p.projectId === projectId)?.target ?? null,
      })),
  ];
  if (!usable.length) return null;
  return (
    <SelectField
      id={`${props.idPrefix}-ticket`}
      label="Also create a ticket or send to"
      className="w-full sm:w-72"
      {...bindField(props, 'ticketIntegrationId')}
    >
      <option value="">Nothing else</option>
      {usable.map((t) => (
        <option key={t.id} value={t.id}>
          {t.name}
          {t.target ? ` — ${t.target}` : ''}
        </option>
      ))}
    </SelectField>
  );
}
