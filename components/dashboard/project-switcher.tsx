'use client';

import Link from 'next/link';
import { platformOf } from '@/lib/projects/platforms';
import { useEffect, useId, useRef, useState } from 'react';
import { usePathname } from 'next/navigation';
import { useProjects } from '@/lib/swr/use-projects';
import { cn } from '@/components/ui/cn';
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
  const open = openOn === pathname;
  const menuId = useId();
  const root = useRef<HTMLDivElement>(null);

  useEffect(() => {
    if (!open) return;
    const onKey = (e: KeyboardEvent) => e.key === 'Escape' && setOpenOn(null);
    const onClick = (e: MouseEvent) => root.current && !root.current.contains(e.target as Node) && setOpenOn(null);
    document.addEventListener('keydown', onKey);
    document.addEventListener('mousedown', onClick);
    return () => {
      document.removeEventListener('keydown', onKey);
      document.removeEventListener('mousedown', onClick);
    };
  }, [open]);

  if (!projects || projects.length === 0) return null;
  const current = projects.find((p) => p.id === currentId);

  return (
    <div ref={root} className="relative flex min-w-0 items-center gap-2 sm:gap-3">
      <span aria-hidden="true" className="text-fg-faint">
        /
      </span>
      <button
        type="button"
        aria-expanded={open}
        aria-controls={menuId}
        onClick={() => setOpenOn(open ? null : pathname)}
        className="flex max-w-full min-w-0 items-center gap-1.5 rounded-md sm:max-w-48 px-2 py-1 text-sm font-medium hover:bg-surface-hover focus-visible:outline-2 focus-visible:outline-focus"
        data-testid="project-switcher"
      >
        <span className="sr-only">Project: </span>
        <span className="truncate">{current?.name ?? 'Projects'}</span>
        <svg aria-hidden="true" viewBox="0 0 20 20" className="size-4 shrink-0 text-fg-muted" fill="currentColor">
          <path d="M5.23 7.21a.75.75 0 0 1 1.06.02L10 11.17l3.71-3.94a.75.75 0 1 1 1.08 1.04l-4.25 4.5a.75.75 0 0 1-1.08 0l-4.25-4.5a.75.75 0 0 1 .02-1.06z" />
        </svg>
      </button>
      {open && (
        <div
          id={menuId}
          className="absolute top-full left-4 z-20 mt-1 w-64 rounded-lg border border-line bg-surface p-1 shadow-lg"
        >
          <ul aria-label="Projects">
            {projects.map((p) => (
              <li key={p.id}>
                <Link
                  href={`/projects/${encodeURIComponent(p.id)}/issues`}
                  aria-current={p.id === currentId ? 'true' : undefined}
                  className={cn(
                    'flex items-center justify-between rounded-md px-3 py-2 text-sm hover:bg-surface-hover focus-visible:outline-2 focus-visible:outline-focus',
                    p.id === currentId && 'font-semibold',
                  )}
                >
                  <span className="truncate">{p.name}</span>
                  <span className="text-xs text-fg-muted">{platformOf(p.platform).label}</span>
                </Link>
              </li>
            ))}
          </ul>
          <div className="mt-1 border-t border-line pt-1">
            {canCreate && (
              <Link
                href="/projects/new"
                className="block rounded-md px-3 py-2 text-sm text-link hover:bg-surface-hover focus-visible:outline-2 focus-visible:outline-focus"
              >
                + New project
              </Link>
            )}
            <Link
              href="/"
              className="block rounded-md px-3 py-2 text-sm text-fg-secondary hover:bg-surface-hover focus-visible:outline-2 focus-visible:outline-focus"
            >
              All projects
            </Link>
          </div>
        </div>
      )}
    </div>
  );
}
