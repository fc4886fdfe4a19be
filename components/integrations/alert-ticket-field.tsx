'use client';

import { SelectField } from '@/components/ui/select-field';
import { useCurrentProjectId } from '@/components/dashboard/current-project';
import { useIntegrations, useProjectTrackers } from '@/lib/swr/use-integrations';
import type { RuleSectionProps } from '@/components/alerts/rule-form/rule-values';

/** What the field needs of a rule form: the issue rule form's section props, or the metric rule form's (#62). */
type Props = Pick<RuleSectionProps, 'idPrefix'> & {
  values: { ticketIntegrationId: string };
  set: (field: 'ticketIntegrationId') => (e: { target: { value: string } }) => void;
  fieldErrors: Partial<Record<string, string>>;
  /** A metric rule's incidents have no issue: chat and paging only, no tracker. */
  incidents?: boolean;
};

/**
 * An issue rule may also create a ticket (#64) in one of the issue trackers set up for the project, or send the
 * alert to a chat or paging integration: the "Slack app" (Block Kit with buttons, beside the incoming-webhook
 * format), Microsoft Teams, PagerDuty or Opsgenie. A metric rule (#62) sends its incidents to the latter only.
 */
export function AlertTicketField(props: Props) {
  const projectId = useCurrentProjectId();
  const projectTrackers = useProjectTrackers(projectId);
  const trackers = props.incidents ? [] : projectTrackers;
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
      label={props.incidents ? 'Also send to' : 'Also create a ticket or send to'}
      className="w-full sm:w-72"
      name="ticketIntegrationId"
      value={props.values.ticketIntegrationId}
      onChange={props.set('ticketIntegrationId')}
      error={props.fieldErrors.ticketIntegrationId}
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
