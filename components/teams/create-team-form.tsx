'use client';

import type { FormEvent } from 'react';
import { fieldMessage } from '@/lib/swr/fetcher';
import { createTeam, type Team } from '@/lib/swr/use-teams';
import { OneFieldForm } from '@/components/ui/one-field-form';
import { useAction } from '@/components/ui/use-action';
import { Card } from '@/components/ui/card';
import { Field } from '@/components/ui/field';

export function CreateTeamForm({ onCreated }: { onCreated: (t: Team) => void }) {
  const { busy, error, run } = useAction();
  async function submit(e: FormEvent<HTMLFormElement>) {
    e.preventDefault();
    const form = e.currentTarget;
    const name = String(new FormData(form).get('name') ?? '');
    const done = await run(
      async () => onCreated(await createTeam(name)),
      (err) => fieldMessage(err, 'name'),
    );
    if (done) form.reset();
  }
  return (
    <Card>
      <h2 className="text-base font-semibold">Create a team</h2>
      <OneFieldForm onSubmit={submit} submitLabel="Create team" busy={busy}>
        <Field
          name="name"
          id="team-name"
          label="Name"
          maxLength={64}
          autoComplete="off"
          required
          error={error}
          hint="The slug is made from it: Payments EU → #payments-eu"
        />
      </OneFieldForm>
    </Card>
  );
}
