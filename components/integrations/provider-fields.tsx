'use client';

import { useState } from 'react';
import { Button } from '@/components/ui/button';
import { Field } from '@/components/ui/field';
import { FormError } from '@/components/ui/form-error';
import { Label } from '@/components/ui/label';
import { SelectField } from '@/components/ui/select-field';
import { Textarea } from '@/components/ui/textarea';
import type { IntegrationProviderInfo } from '@/lib/swr/use-integrations';

type ProviderField = IntegrationProviderInfo['fields'][number];

/** The fields a provider asks for, those whose `when` holds for the values so far. */
export const shownFields = (fields: ProviderField[], values: Record<string, string>) =>
  fields.filter((f) => !f.when || (values[f.when.field] ?? firstOption(fields, f.when.field)) === f.when.equals);

const firstOption = (fields: ProviderField[], name: string) =>
  fields.find((f) => f.name === name)?.options?.[0]?.value ?? '';

/** Form values split as the API takes them; blanks are left out. */
export function splitValues(fields: ProviderField[], values: Record<string, string>) {
  const config: Record<string, string> = {};
  const secrets: Record<string, string> = {};
  for (const f of shownFields(fields, values)) {
    const v = (values[f.name] ?? (f.type === 'select' ? firstOption(fields, f.name) : '')).trim();
    if (v) (f.in === 'secrets' ? secrets : config)[f.name] = v;
  }
  return { config, secrets };
}

/** A random webhook secret, made in the browser: the server never has to show one. */
function randomSecret(): string {
  const bytes = crypto.getRandomValues(new Uint8Array(24));
  return Array.from(bytes, (b) => b.toString(16).padStart(2, '0')).join('');
}

/** One input per field of a provider (or of its project settings), errors by field name. */
export function ProviderFields({
  idPrefix,
  fields,
  values,
  onChange,
  errors,
  optionalSecrets = false,
}: {
  idPrefix: string;
  fields: ProviderField[];
  values: Record<string, string>;
  onChange: (name: string, value: string) => void;
  errors: Record<string, string>;
  /** Rotating: every secret may be left blank (it is kept). */
  optionalSecrets?: boolean;
}) {
  const [revealed, setRevealed] = useState<Record<string, boolean>>({});
  return (
    <div className="space-y-4">
      {shownFields(fields, values).map((f) => {
        const id = `${idPrefix}-${f.name}`;
        const common = { id, name: f.name, value: values[f.name] ?? '', error: errors[f.name] };
        if (f.type === 'select')
          return (
            <SelectField
              key={f.name}
              {...common}
              label={f.label}
              value={values[f.name] ?? firstOption(fields, f.name)}
              onChange={(e) => onChange(f.name, e.target.value)}
            >
              {f.options?.map((o) => (
                <option key={o.value} value={o.value}>
                  {o.label}
                </option>
              ))}
            </SelectField>
          );
        if (f.type === 'textarea')
          return (
            <div key={f.name} className="space-y-1.5">
              <Label htmlFor={id}>{f.label}</Label>
              <Textarea
                id={id}
                name={f.name}
                rows={4}
                mono
                value={values[f.name] ?? ''}
                onChange={(e) => onChange(f.name, e.target.value)}
                aria-invalid={errors[f.name] ? true : undefined}
              />
              <FormError id={`${id}-error`} message={errors[f.name]} />
            </div>
          );
        const secret = f.type === 'password';
        return (
          <div key={f.name} className="flex items-end gap-2">
            <div className="min-w-0 flex-1">
              <Field
                {...common}
                label={`${f.label}${optionalSecrets && secret ? ' (blank: keep)' : ''}`}
                type={secret && !revealed[f.name] ? 'password' : f.type === 'url' ? 'url' : 'text'}
                autoComplete="off"
                hint={f.hint}
                onChange={(e) => onChange(f.name, e.target.value)}
              />
            </div>
            {f.name === 'webhookSecret' && (
              <Button
                variant="secondary"
                className="mb-6 h-9 shrink-0"
                onClick={() => {
                  onChange(f.name, randomSecret());
                  setRevealed({ ...revealed, [f.name]: true });
                }}
              >
                Generate
              </Button>
            )}
          </div>
        );
      })}
    </div>
  );
}
