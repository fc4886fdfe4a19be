import { Field } from '@/components/ui/field';
import { Fieldset } from '@/components/ui/fieldset';
import { SelectField } from '@/components/ui/select-field';
import { WEBHOOK_FORMATS, type WebhookFormat } from '@/lib/zod/alerts';
import { bindField, type RuleSectionProps } from './rule-values';

export const WEBHOOK_FORMAT_LABELS: Record<WebhookFormat, string> = {
  json: 'JSON (signed, our format)',
  slack: 'Slack incoming webhook',
  discord: 'Discord webhook',
};

/** Where the rule sends its alerts: an email, a webhook in one of its formats, or both. */
export function NotifyFields(props: RuleSectionProps) {
  const { idPrefix } = props;
  return (
    <Fieldset
      className="space-y-4"
      legend={
        <>
          Notify <span className="font-normal text-fg-muted">(email, webhook or both)</span>
        </>
      }
    >
      <Field
        id={`${idPrefix}-email`}
        label="Email"
        type="email"
        autoComplete="email"
        {...bindField(props, 'notifyEmail')}
      />
      <Field
        id={`${idPrefix}-webhook`}
        label="Webhook URL"
        type="url"
        placeholder="https://example.com/hooks/tracker"
        hint="Receives a signed POST (X-Webhook-Signature: sha256=…)."
        {...bindField(props, 'webhookUrl')}
      />
      <SelectField
        id={`${idPrefix}-webhook-format`}
        label="Webhook format"
        className="w-full sm:w-72"
        {...bindField(props, 'webhookFormat')}
      >
        {WEBHOOK_FORMATS.map((f) => (
          <option key={f} value={f}>
            {WEBHOOK_FORMAT_LABELS[f]}
          </option>
        ))}
      </SelectField>
    </Fieldset>
  );
}
