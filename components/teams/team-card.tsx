'use client';

import Link from 'next/link';
import { useState } from 'react';
import type { Member } from '@/lib/swr/use-team';
import { issuesHref } from '@/lib/swr/use-issues';
import { deleteTeam, renameTeam, setTeamMember, setTeamProject, type Team } from '@/lib/swr/use-teams';
import { plural } from '@/lib/text/plural';
import { Button } from '@/components/ui/button';
import { InlineRename } from '@/components/ui/inline-rename';
import { TeamList } from './team-list';

/** Runs one change of the teams, says `done` when it worked and shows the error when it did not. */
export type Run = (fn: () => Promise<void>, done: string) => Promise<boolean>;

type CardProps = {
  team: Team;
  admin: boolean;
  members: Member[];
  projects: { id: string; name: string }[];
  run: Run;
};

/** One team: its name and slug (renamed and deleted here by admins), its members and its projects. */
export function TeamCard({ team, admin, members, projects, run }: CardProps) {
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

  async function rename(name: string) {
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
          <InlineRename
            id={`rename-${team.id}`}
            label={`New name of ${team.name}`}
            defaultValue={team.name}
            maxLength={64}
            busy={busy}
            className="flex min-w-0 flex-1 flex-wrap items-center gap-2"
            onSave={(name) => void rename(name)}
            onCancel={() => setRenaming(false)}
          />
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
        <TeamList
          title="Members"
          teamName={team.name}
          items={team.members.map((m) => ({
            key: m.userId,
            name: m.name,
            testId: 'team-member',
            label: (
              <div className="min-w-0">
                <p className="truncate text-sm">{m.name}</p>
                <p className="truncate text-xs text-fg-muted">{m.email}</p>
              </div>
            ),
          }))}
          addable={addableMembers.map((m) => ({ key: m.userId, name: m.name, option: `${m.name} (${m.email})` }))}
          admin={admin}
          busy={busy}
          pickerId={`add-member-${team.id}`}
          addLabel="a member"
          onChange={(userId, who, joins) =>
            void act(() => setTeamMember(team.id, userId, joins), `${who} ${joins ? 'joined' : 'left'} ${team.name}`)
          }
        />
        <TeamList
          title="Projects"
          teamName={team.name}
          items={team.projects.map((p) => ({
            key: p.id,
            name: p.name,
            testId: 'team-project',
            label: (
              <Link
                href={issuesHref(p.id)}
                className="min-w-0 truncate text-sm text-link underline-offset-2 hover:underline"
              >
                {p.name}
              </Link>
            ),
          }))}
          addable={addableProjects.map((p) => ({ key: p.id, name: p.name, option: p.name }))}
          admin={admin}
          busy={busy}
          pickerId={`add-project-${team.id}`}
          addLabel="a project"
          onChange={(projectId, name, joins) =>
            void act(
              () => setTeamProject(team.id, projectId, joins),
              `${name} ${joins ? 'added to' : 'removed from'} ${team.name}`,
            )
          }
        />
      </div>
    </li>
  );
}
