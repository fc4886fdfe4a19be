'use client';

import type { FormEvent } from 'react';
import { updateProjectPrivacy, useProjectPrivacy, type ProjectPrivacy } from '@/lib/swr/use-privacy';
import { updateProjectPrivacySchema } from '@/lib/zod/privacy';
import { Button } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { FormError } from '@/components/ui/form-error';
import { ErrorState, LoadingState } from '@/components/ui/states';
import { ListField, lines, useSettingsSave } from './setting-fields';
import { CheckField } from '@/components/ui/check-field';

/** The project's data scrubbing: shown to everyone, editable by ADMINs. */
export function PrivacyPanel({ projectId, manage }: { projectId: string; manage: boolean }) {
  const { privacy, error, isLoading } = useProjectPrivacy(projectId);
  if (error) return <ErrorState error={error} title="Could not load the privacy settings" />;
  if (isLoading || !privacy) return <LoadingState label="Loading privacy settings" />;
  return <PrivacyForm projectId={projectId} privacy={privacy} manage={manage} />;
}

function PrivacyForm({ projectId, privacy, manage }: { projectId: string; privacy: ProjectPrivacy; manage: boolean }) {
  const locked = privacy.orgRequiresScrubbing;
  const { pending, error, saved, submit } = useSettingsSave(
    updateProjectPrivacySchema,
    (input) => updateProjectPrivacy(projectId, input),
    'Privacy settings saved. They apply to events received from now on; stored events are not changed.',
  );

  function onSubmit(e: FormEvent<HTMLFormElement>) {
    e.preventDefault();
    const form = new FormData(e.currentTarget);
    void submit({
      scrubDefaults: locked ? undefined : form.get('scrubDefaults') === 'on',
      sensitiveFields: lines(form.get('sensitiveFields')),
      safeFields: lines(form.get('safeFields')),
      scrubIpAddresses: form.get('scrubIpAddresses') === 'on',
    });
  }

  return (
    <Card>
      <h2 className="text-base font-semibold">Privacy</h2>
      <p className="mt-1 text-sm text-fg-secondary">
        Secrets and personal data are removed from events before anything is stored: a scrubbed value reads{' '}
        <code>[Filtered]</code> and its key stays. Changes apply to events received after them; events already stored
        are not changed.
      </p>
      <form onSubmit={onSubmit} noValidate className="mt-4 max-w-2xl space-y-4">
        <fieldset disabled={!manage || pending} className="space-y-4">
          <CheckField
            name="scrubDefaults"
            label="Default scrubbers"
            defaultChecked={privacy.scrubbingActive}
            disabled={locked}
            hint={
              locked
                ? 'Required by your organization: every project scrubs with the default rules.'
                : 'Passwords, tokens, API keys, authorization headers, cookies and sessions by key; card numbers, bearer tokens, private keys, AWS keys and URL passwords in any text.'
            }
          />
          <CheckField
            name="scrubIpAddresses"
            label="Don't store IP addresses"
            defaultChecked={privacy.scrubIpAddresses}
            hint="Drops the user's IP address from every event and never takes it from the connection."
          />
          <ListField
            name="sensitiveFields"
            label="Additional sensitive fields"
            defaultValue={privacy.sensitiveFields}
            hint="One per line. A key containing one of these (any case or punctuation) has its value filtered."
          />
          <ListField
            name="safeFields"
            label="Safe fields"
            defaultValue={privacy.safeFields}
            hint="One per line. Keys with exactly these names are never scrubbed."
          />
        </fieldset>
        <FormError message={error} />
        {manage && (
          <Button type="submit" variant="secondary" loading={pending}>
            Save privacy settings
          </Button>
        )}
        <p role="status" aria-live="polite" className="text-sm text-success-fg">
          {saved}
        </p>
      </form>
    </Card>
  );
}
