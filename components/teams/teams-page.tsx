'use client';

import Link from 'next/link';
import { useState, type FormEvent } from 'react';
import { ApiError, errorMessage } from '@/lib/swr/fetcher';
import { useRole } from '@/lib/swr/use-me';
import { useMembers, type Member } from '@/lib/swr/use-team';
import { useProjects } from '@/lib/swr/use-projects';
import {
  createTeam,
  deleteTeam,
  renameTeam,
  setTeamMember,
  setTeamProject,
  useTeams,
  type Team,
} from '@/lib/swr/use-teams';
import { Button } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { Field } from '@/components/ui/field';
import { Input } from '@/components/ui/input';
import { Label } from '@/components/ui/label';
import { Select } from '@/components/ui/select';
import { ActionFeedback } from '@/components/ui/action-feedback';
import { ErrorState, LoadingState } from '@/components/ui/states';

const plural = (n: number, one: string) => `${n} ${one}${n === 1 ? '' : 's'}`;

type Run = (fn: () => Promise<void>, done: string) => Promise<boolean>;

/** The organization's teams (#49): who is in each and which projects it looks after. Admins and owners manage them. */
export function TeamsPage() {
  const { role, can } = useRole();
  const admin = can('ADMIN');
  const { teams, error, isLoading } = useTeams();
  const { members } = useMembers();
  const { projects } = useProjects();
  const [actionError, setActionError] = useState<string>();
  const [announcement, setAnnouncement] = useState('');

  const run: Run = async (fn, done) => {
    setActionError(undefined);
    try {
      await fn();
      setAnnouncement(done);
      return true;
    } catch (err) {
      setActionError(errorMessage(err));
      return false;
    }
  };

  if (!role) return <LoadingState label="Loading teams" />;
  return (
    <div className="space-y-6">
      <div>
        <p className="text-sm">
          <Link href="/settings/organization" className="text-fg-secondary hover:text-fg">
            ← Team
          </Link>
        </p>
        <h1 className="mt-1 text-2xl font-semibold tracking-tight">Teams</h1>
        <p className="mt-1 max-w-3xl text-sm text-fg-secondary">
          Group members into teams and give each the projects it looks after. An issue can be assigned to a team (shown
          as <span className="font-mono">#slug</span>), and <span className="font-mono">assigned:me</span> finds the
          issues of your teams too.
          {!admin && ' Only admins and owners can change teams.'}
        </p>
      </div>
      <ActionFeedback announcement={announcement} error={actionError} />
      {admin && <CreateTeamForm onCreated={(t) => setAnnouncement(`Team ${t.name} created`)} />}
      {error && <ErrorState error={error} title="Could not load the teams" />}
      {!error && (isLoading || !teams) && <LoadingState label="Loading teams" />}
      {teams && teams.length === 0 && (
        <Card>
          <p className="text-sm text-fg-secondary" data-testid="teams-empty">
            No teams yet.{admin ? ' Create one above.' : ''}
          </p>
        </Card>
      )}
      {teams && teams.length > 0 && (
        <ul className="space-y-4" aria-label="Teams">
          {teams.map((t) => (
            <TeamCard key={t.id} team={t} admin={admin} members={members ?? []} projects={projects ?? []} run={run} />
          ))}
        </ul>
      )}
    </div>
  );
}

function CreateTeamForm({ onCreated }: { onCreated: (t: Team) => void }) {
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

type CardProps = {
  team: Team;
  admin: boolean;
  members: Member[];
  projects: { id: string; name: string }[];
  run: Run;
};

function TeamCard({ team, admin, members, projects, run }: CardProps) {
  const [renaming, setRenaming] = useState(false);
  const [busy, setBusy] = useState(false);
  const act = async (fn: () => Promise<void>, done: string) => {
    setBusy(true);
    const ok = await run(fn, done);
    setBusy(false);
    return ok;
  };
  const addableMembers = members.filter((m) => !team.members.some((x) => x.userId === m.userId));
  const addableProjects = projects.filter((p) => !team.projects.some((x) => x.id === p.id));

  async function rename(e: FormEvent<HTMLFormElement>) {
    e.preventDefault();
    const name = String(new FormData(e.currentTarget).get('name') ?? '');
    if (await act(() => renameTeam(team.id, name), `Team renamed to ${name}`)) setRenaming(false);
  }

  return (
    <li
      className="rounded-xl border border-line bg-surface shadow-sm"
      data-testid="team-card"
      data-slug={team.slug}
      aria-label={`Team ${team.name}`}
    >
      <div className="flex flex-wrap items-start justify-between gap-3 border-b border-line px-4 py-3 sm:px-6">
        {renaming ? (
          <form onSubmit={rename} className="flex min-w-0 flex-1 flex-wrap items-center gap-2">
            <Label htmlFor={`rename-${team.id}`} className="sr-only">
              New name of {team.name}
            </Label>
            <Input
              id={`rename-${team.id}`}
              name="name"
              defaultValue={team.name}
              maxLength={64}
              className="min-w-0 flex-1 sm:max-w-xs"
              autoFocus
            />
            <Button type="submit" className="h-9 px-3" loading={busy}>
              Save
            </Button>
            <Button variant="ghost" className="h-9 px-3" onClick={() => setRenaming(false)}>
              Cancel
            </Button>
          </form>
        ) : (
          <div className="min-w-0">
            <h2 className="truncate text-base font-semibold">{team.name}</h2>
            <p className="text-xs text-fg-muted">
              <span className="font-mono">#{team.slug}</span> ·{' '}
              <span data-testid="team-counts">
                {plural(team.memberCount, 'member')} · {plural(team.projectCount, 'project')}
              </span>
            </p>
          </div>
        )}
        {admin && !renaming && (
          <div className="flex gap-1">
            <Button variant="ghost" className="h-9 px-3" disabled={busy} onClick={() => setRenaming(true)}>
              Rename
            </Button>
            <Button
              variant="danger-ghost"
              className="h-9 px-3"
              disabled={busy}
              aria-label={`Delete team ${team.name}`}
              onClick={() => {
                if (
                  window.confirm(
                    `Delete the team ${team.name}? Its issues become unassigned; its members and projects stay.`,
                  )
                )
                  void act(() => deleteTeam(team.id), `Team ${team.name} deleted`);
              }}
            >
              Delete
            </Button>
          </div>
        )}
      </div>
      <div className="grid gap-6 px-4 py-4 sm:px-6 md:grid-cols-2">
        <section aria-label={`Members of ${team.name}`} className="min-w-0 space-y-2">
          <h3 className="text-sm font-semibold">Members</h3>
          {team.members.length === 0 && <p className="text-sm text-fg-muted">No members yet.</p>}
          <ul className="divide-y divide-line-subtle">
            {team.members.map((m) => (
              <li key={m.userId} className="flex items-center justify-between gap-2 py-1.5" data-testid="team-member">
                <div className="min-w-0">
                  <p className="truncate text-sm">{m.name}</p>
                  <p className="truncate text-xs text-fg-muted">{m.email}</p>
                </div>
                {admin && (
                  <Button
                    variant="danger-ghost"
                    className="h-8 shrink-0 px-2 text-xs"
                    disabled={busy}
                    aria-label={`Remove ${m.name} from ${team.name}`}
                    onClick={() => act(() => setTeamMember(team.id, m.userId, false), `${m.name} left ${team.name}`)}
                  >
                    Remove
                  </Button>
                )}
              </li>
            ))}
          </ul>
          {admin && addableMembers.length > 0 && (
            <AddPicker
              id={`add-member-${team.id}`}
              label={`Add a member to ${team.name}`}
              placeholder="Add a member…"
              options={addableMembers.map((m) => ({ value: m.userId, label: `${m.name} (${m.email})` }))}
              disabled={busy}
              onPick={(userId) => {
                const who = members.find((m) => m.userId === userId)?.name ?? 'Member';
                void act(() => setTeamMember(team.id, userId, true), `${who} joined ${team.name}`);
              }}
            />
          )}
        </section>
        <section aria-label={`Projects of ${team.name}`} className="min-w-0 space-y-2">
          <h3 className="text-sm font-semibold">Projects</h3>
          {team.projects.length === 0 && <p className="text-sm text-fg-muted">No projects yet.</p>}
          <ul className="divide-y divide-line-subtle">
            {team.projects.map((p) => (
              <li key={p.id} className="flex items-center justify-between gap-2 py-1.5" data-testid="team-project">
                <Link
                  href={`/projects/${encodeURIComponent(p.id)}/issues`}
                  className="min-w-0 truncate text-sm text-link underline-offset-2 hover:underline"
                >
                  {p.name}
                </Link>
                {admin && (
                  <Button
                    variant="danger-ghost"
                    className="h-8 shrink-0 px-2 text-xs"
                    disabled={busy}
                    aria-label={`Remove ${p.name} from ${team.name}`}
                    onClick={() =>
                      act(() => setTeamProject(team.id, p.id, false), `${p.name} removed from ${team.name}`)
                    }
                  >
                    Remove
                  </Button>
                )}
              </li>
            ))}
          </ul>
          {admin && addableProjects.length > 0 && (
            <AddPicker
              id={`add-project-${team.id}`}
              label={`Add a project to ${team.name}`}
              placeholder="Add a project…"
              options={addableProjects.map((p) => ({ value: p.id, label: p.name }))}
              disabled={busy}
              onPick={(projectId) => {
                const name = projects.find((p) => p.id === projectId)?.name ?? 'Project';
                void act(() => setTeamProject(team.id, projectId, true), `${name} added to ${team.name}`);
              }}
            />
          )}
        </section>
      </div>
    </li>
  );
}

/** A select that acts on pick and goes back to its placeholder. */
function AddPicker({
  id,
  label,
  placeholder,
  options,
  disabled,
  onPick,
}: {
  id: string;
  label: string;
  placeholder: string;
  options: { value: string; label: string }[];
  disabled: boolean;
  onPick: (value: string) => void;
}) {
  return (
    <div>
      <Label htmlFor={id} className="sr-only">
        {label}
      </Label>
      <Select
        id={id}
        value=""
        disabled={disabled}
        className="w-full"
        onChange={(e) => {
          if (e.target.value) onPick(e.target.value);
        }}
      >
        <option value="">{placeholder}</option>
        {options.map((o) => (
          <option key={o.value} value={o.value}>
            {o.label}
          </option>
        ))}
      </Select>
    </div>
  );
}
