'use client';

import { useState, type FormEvent } from 'react';
import { Button } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { Field } from '@/components/ui/field';
import { FormError } from '@/components/ui/form-error';
import { SelectField } from '@/components/ui/select-field';
import { ApiError, errorMessage } from '@/lib/swr/fetcher';
import { connectIntegration, type Integration, type IntegrationProviderInfo } from '@/lib/swr/use-integrations';
import { ProviderFields, splitValues } from './provider-fields';

/** The 400's field issues, by field name (`config.baseUrl` → `baseUrl`). */
export function fieldErrorsOf(err: unknown): Record<string, string> {
  const out: Record<string, string> = {};
  if (err instanceof ApiError)
    for (const i of err.issues) {
      const name = String(i.path.at(-1) ?? '');
      if (name && !(name in out)) out[name] = i.message;
    }
  return out;
}

/** Connect an issue tracker: its provider, a name, and what the provider asks for. */
export function ConnectForm({
  providers,
  onConnected,
}: {
  providers: IntegrationProviderInfo[];
  onConnected: (i: Integration) => void;
}) {
  const [providerId, setProviderId] = useState(providers[0]?.id ?? '');
  const [name, setName] = useState('');
  const [values, setValues] = useState<Record<string, string>>({});
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [formError, setFormError] = useState<string>();
  const [pending, setPending] = useState(false);
  const provider = providers.find((p) => p.id === providerId);
  async function submit(e: FormEvent) {
    e.preventDefault();
    if (!provider) return;
    setPending(true);
    setErrors({});
    setFormError(undefined);
    try {
      const created = await connectIntegration({
        provider: provider.id,
        ...(name.trim() ? { name: name.trim() } : {}),
        ...splitValues(provider.fields, values),
      });
      setValues({});
      setName('');
      onConnected(created);
    } catch (err) {
      setErrors(fieldErrorsOf(err));
      setFormError(errorMessage(err));
    } finally {
      setPending(false);
    }
  }
  return (
    <Card>
      <h2 className="text-base font-semibold">Connect an issue tracker</h2>
      <form onSubmit={submit} noValidate className="mt-4 max-w-xl space-y-4" aria-label="Connect an integration">
        <SelectField
          id="connect-provider"
          name="provider"
          label="Provider"
          value={providerId}
          onChange={(e) => {
            setProviderId(e.target.value);
            setValues({});
            setErrors({});
          }}
        >
          {providers.map((p) => (
            <option key={p.id} value={p.id}>
              {p.name}
            </option>
          ))}
        </SelectField>
        <Field
          id="connect-name"
          name="name"
          label="Name"
          placeholder={provider?.name}
          value={name}
          error={errors.name}
          onChange={(e) => setName(e.target.value)}
          autoComplete="off"
        />
        {provider && (
          <ProviderFields
            idPrefix="connect"
            fields={provider.fields}
            values={values}
            errors={errors}
            onChange={(k, v) => setValues({ ...values, [k]: v })}
          />
        )}
        <FormError id="connect-error" message={formError} />
        <Button type="submit" loading={pending}>
          Connect {provider?.name}
        </Button>
      </form>
    </Card>
  );
}
