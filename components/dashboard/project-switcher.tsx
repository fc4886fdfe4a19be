'use client';

import Link from 'next/link';
import { platformOf } from '@/lib/projects/platforms';
import { useState } from 'react';
import { usePathname } from 'next/navigation';
import { useProjects } from '@/lib/swr/use-projects';
import { Switcher, switcherItem, switcherLink } from '@/components/ui/switcher';
import { useCurrentProjectId } from './current-project';
import { useRole } from '@/lib/swr/use-me';

/** A disclosure listing the organization's projects; Escape or a click outside closes it. */
export function ProjectSwitcher() {
  const { projects } = useProjects();
  const canCreate = useRole().can('ADMIN');
  const currentId = useCurrentProjectId();
  const pathname = usePathname();
  // Open on the page it was opened on: navigating closes it.
  const [openOn, setOpenOn] = useState<string | null>(null);

  if (!projects || projects.length === 0) return null;
  const current = projects.find((p) => p.id === currentId);

  return (
    <Switcher
      kind="Project"
      name={current?.name ?? 'Projects'}
      open={openOn === pathname}
      onOpenChange={(open) => setOpenOn(open ? pathname : null)}
      testId="project-switcher"
      // On a phone, the first and larger of the two names (dashboard-header.tsx).
      className="max-w-full max-sm:font-semibold sm:max-w-48 lg:max-w-72"
      footer={
        <>
          {canCreate && (
            <Link href="/projects/new" className={`${switcherLink} text-link`}>
              + New project
            </Link>
          )}
          <Link href="/" className={`${switcherLink} text-fg-secondary`}>
            All projects
          </Link>
        </>
      }
    >
      <ul aria-label="Projects">
        {projects.map((p) => (
          <li key={p.id}>
            <Link
              href={`/projects/${encodeURIComponent(p.id)}/issues`}
              aria-current={p.id === currentId ? 'true' : undefined}
              className={switcherItem(p.id === currentId)}
            >
              <span className="truncate">{p.name}</span>
              <span className="text-xs text-fg-muted">{platformOf(p.platform).label}</span>
            </Link>
          </li>
        ))}
      </ul>
    </Switcher>
  );
}
