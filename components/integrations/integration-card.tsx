'use client';

import { useState, type FormEvent } from 'react';
import { Button } from '@/components/ui/button';
import { Input } from '@/components/ui/input';
import { Label } from '@/components/ui/label';
import {
  disconnectIntegration,
  rotateIntegration,
  type Integration,
  type IntegrationProviderInfo,
} from '@/lib/swr/use-integrations';
import { DeliveryLog } from './delivery-log';
import { fieldErrorsOf } from './connect-form';
import { ProjectSettings } from './project-settings';
import { ProviderFields, splitValues } from './provider-fields';

type Run = (fn: () => Promise<void>, done: string) => Promise<boolean>;

/** One integration: its webhook, projects, code mappings, secrets to rotate, delivery log, and disconnecting. */
export function IntegrationCard({
  integration: i,
  provider,
  admin,
  run,
}: {
  integration: Integration;
  provider: IntegrationProviderInfo | undefined;
  admin: boolean;
  run: Run;
}) {
  const [showLog, setShowLog] = useState(false);
  return (
    <li
      className="rounded-xl border border-line bg-surface shadow-sm"
      data-testid="integration-card"
      data-provider={i.provider}
      aria-label={`Integration ${i.name}`}
    >
      <div className="flex flex-wrap items-start justify-between gap-3 border-b border-line px-4 py-3 sm:px-6">
        <div className="min-w-0">
          <h2 className="truncate text-base font-semibold">{i.name}</h2>
          <p className="text-xs text-fg-muted">
            {i.providerName}
            {i.createdBy ? ` · connected by ${i.createdBy.name}` : ''}
          </p>
        </div>
        {admin && (
          <Button
            variant="danger-ghost"
            className="h-9 px-3"
            aria-label={`Disconnect ${i.name}`}
            onClick={() => {
              if (
                window.confirm(
                  `Disconnect ${i.name}? Its project settings, code mappings, ticket links and delivery log go with it.`,
                )
              )
                void run(() => disconnectIntegration(i.id), `${i.name} disconnected`);
            }}
          >
            Disconnect
          </Button>
        )}
      </div>
      <div className="space-y-6 px-4 py-4 sm:px-6">
        {i.webhookUrl && (
          <div className="space-y-1.5">
            <Label htmlFor={`${i.id}-webhook`}>Webhook URL</Label>
            <Input
              id={`${i.id}-webhook`}
              readOnly
              value={i.webhookUrl}
              className="font-mono text-xs"
              data-testid="webhook-url"
              onFocus={(e) => e.currentTarget.select()}
            />
            <p className="text-xs text-fg-muted">
              Point the provider&apos;s webhook here with the webhook secret you gave: closing or reopening a ticket
              there resolves or reopens its issue here.
              {i.provider === 'jira' &&
                ' A Jira Data Center that cannot sign webhooks: add /<webhook secret> to the URL.'}
            </p>
          </div>
        )}
        {!i.sealedWithCurrentKey && (
          <p className="rounded-md bg-warning-soft px-3 py-2 text-sm text-warning-fg" data-testid="old-key">
            Its secrets are sealed with a previous encryption key: rotate them (even without new values) to reseal them.
          </p>
        )}
        {provider && admin && <ProjectSettings integration={i} provider={provider} run={run} />}
        {provider && admin && <RotateForm integration={i} provider={provider} run={run} />}
        {admin && (
          <section className="space-y-2">
            <Button variant="secondary" aria-expanded={showLog} onClick={() => setShowLog(!showLog)}>
              {showLog ? 'Hide the delivery log' : 'Show the delivery log'}
            </Button>
            {showLog && <DeliveryLog integrationId={i.id} />}
          </section>
        )}
      </div>
    </li>
  );
}

function RotateForm({
  integration: i,
  provider,
  run,
}: {
  integration: Integration;
  provider: IntegrationProviderInfo;
  run: Run;
}) {
  const [values, setValues] = useState<Record<string, string>>({});
  const [errors, setErrors] = useState<Record<string, string>>({});
  const secretFields = provider.fields.filter(
    (f) => f.in === 'secrets' && (!f.when || (i.config as Record<string, unknown>)[f.when.field] === f.when.equals),
  );
  async function rotate(e: FormEvent) {
    e.preventDefault();
    setErrors({});
    const done = await run(async () => {
      try {
        await rotateIntegration(i.id, splitValues(secretFields, values).secrets);
      } catch (err) {
        setErrors(fieldErrorsOf(err));
        throw err;
      }
    }, `Secrets of ${i.name} rotated`);
    if (done) setValues({});
  }
  return (
    <form onSubmit={rotate} noValidate className="max-w-xl space-y-3" aria-label={`Rotate the secrets of ${i.name}`}>
      <h3 className="text-sm font-semibold">Rotate secrets</h3>
      <p className="text-xs text-fg-muted">
        New values replace the old ones; every secret is sealed again under the current key.
      </p>
      <ProviderFields
        idPrefix={`${i.id}-rotate`}
        fields={secretFields}
        values={values}
        errors={errors}
        optionalSecrets
        onChange={(k, v) => setValues({ ...values, [k]: v })}
      />
      <Button type="submit" variant="secondary">
        Rotate
      </Button>
    </form>
  );
}
