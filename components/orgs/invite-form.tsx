'use client';

import { useState, type FormEvent } from 'react';
import { ApiError, errorMessage } from '@/lib/swr/fetcher';
import { createInvite, type CreatedInvite } from '@/lib/swr/use-team';
import { ROLES, type Role } from '@/lib/orgs/roles';
import { Button } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { Field } from '@/components/ui/field';
import { FormError } from '@/components/ui/form-error';
import { SelectField } from '@/components/ui/select-field';
import { CopyButton } from '@/components/ui/copy-button';
import { useAction } from '@/components/ui/use-action';
import { titleCase } from '@/components/issues/badges';

/** Invite by email with a role; the answer's link is shown once to copy, for installs that send no email. */
export function InviteForm({ allowOwner }: { allowOwner: boolean }) {
  const [fieldError, setFieldError] = useState<string>();
  const { busy: pending, error: formError, run } = useAction();
  const [created, setCreated] = useState<CreatedInvite>();

  async function onSubmit(e: FormEvent<HTMLFormElement>) {
    e.preventDefault();
    const form = e.currentTarget;
    const data = new FormData(form);
    setFieldError(undefined);
    const invited = await run(
      async () =>
        setCreated(await createInvite(String(data.get('email') ?? ''), String(data.get('role') ?? 'MEMBER') as Role)),
      // A refused address is shown under the field, anything else above the button.
      (err) => {
        const email = err instanceof ApiError ? err.fieldErrors().email : undefined;
        setFieldError(email);
        return email ? '' : errorMessage(err);
      },
    );
    if (invited) form.reset();
  }

  return (
    <Card>
      <h2 className="text-base font-semibold">Invite people</h2>
      <p className="mt-1 text-sm text-fg-secondary">We email them a link that works once, for 7 days.</p>
      <form onSubmit={onSubmit} noValidate className="mt-4 flex flex-wrap items-start gap-3">
        <div className="min-w-56 flex-1">
          <Field
            name="email"
            id="invite-email"
            label="Email"
            type="email"
            autoComplete="off"
            required
            error={fieldError}
          />
        </div>
        <SelectField name="role" id="invite-role" label="Role" defaultValue="MEMBER">
          {ROLES.filter((r) => r !== 'OWNER' || allowOwner).map((r) => (
            <option key={r} value={r}>
              {titleCase(r)}
            </option>
          ))}
        </SelectField>
        <Button type="submit" loading={pending} className="sm:mt-6.5">
          Send invite
        </Button>
      </form>
      <FormError message={formError} />
      {created && (
        <div
          role="status"
          className="mt-4 rounded-md border border-line bg-surface-muted p-3 text-sm"
          data-testid="invite-created"
        >
          <p>
            {created.emailed
              ? `Invite emailed to ${created.email}.`
              : `The email to ${created.email} could not be sent.`}{' '}
            You can also share this link (shown only now). It works only for {created.email}: whoever opens it must sign
            up or sign in with that address.
          </p>
          <div className="mt-2 flex items-center gap-2">
            <code
              className="min-w-0 flex-1 truncate rounded bg-surface px-2 py-1 font-mono text-xs"
              data-testid="invite-link"
            >
              {created.url}
            </code>
            <CopyButton text={created.url} label="Copy invite link" />
          </div>
        </div>
      )}
    </Card>
  );
}
