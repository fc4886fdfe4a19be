'use client';

import { useState, type FormEvent } from 'react';
import { ApiError, errorMessage } from '@/lib/swr/fetcher';
import { createTeam, type Team } from '@/lib/swr/use-teams';
import { Button } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { Field } from '@/components/ui/field';

export function CreateTeamForm({ onCreated }: { onCreated: (t: Team) => void }) {
  const [pending, setPending] = useState(false);
  const [error, setError] = useState<string>();
  async function submit(e: FormEvent<HTMLFormElement>) {
    e.preventDefault();
    const form = e.currentTarget;
    setPending(true);
    setError(undefined);
    try {
      onCreated(await createTeam(String(new FormData(form).get('name') ?? '')));
      form.reset();
    } catch (err) {
      setError(err instanceof ApiError ? (err.fieldErrors().name ?? err.summary()) : errorMessage(err));
    } finally {
      setPending(false);
    }
  }
  return (
    <Card>
      <h2 className="text-base font-semibold">Create a team</h2>
      <form onSubmit={submit} noValidate className="mt-4 flex flex-wrap items-start gap-3">
        <div className="min-w-56 flex-1">
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
        </div>
        <Button type="submit" loading={pending} className="sm:mt-6.5">
          Create team
        </Button>
      </form>
    </Card>
  );
}
