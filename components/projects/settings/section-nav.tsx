'use client';

import { useEffect, useState, type ReactNode, type RefObject } from 'react';
import { NavTabs } from '@/components/ui/tabs';

export type SettingsSection = { id: string; label: string };

/**
 * One section of the project's settings, reachable at `…/settings#<id>` (#60: the ownership rules sat 2,300 px
 * down the page with no way to link to them). The margin keeps its title clear of the sticky section row.
 */
export function Section({ id, children }: { id: string; children: ReactNode }) {
  return (
    <section id={id} className="scroll-mt-16" data-testid={`settings-section-${id}`}>
      {children}
    </section>
  );
}

/** The section whose title has passed the sticky row last: the one being read. */
function useCurrentSection(sections: SettingsSection[]): string | undefined {
  const [current, setCurrent] = useState<string>();
  useEffect(() => {
    let frame = 0;
    const update = () => {
      frame = 0;
      let seen: string | undefined = sections[0]?.id;
      for (const { id } of sections) {
        const top = document.getElementById(id)?.getBoundingClientRect().top;
        if (top !== undefined && top <= 80) seen = id;
      }
      // At the very bottom the last sections cannot scroll up to the row: the last one is the one in view.
      if (window.innerHeight + window.scrollY >= document.documentElement.scrollHeight - 2) seen = sections.at(-1)?.id;
      setCurrent(seen);
    };
    const onScroll = () => {
      if (!frame) frame = requestAnimationFrame(update);
    };
    update();
    window.addEventListener('scroll', onScroll, { passive: true });
    return () => {
      window.removeEventListener('scroll', onScroll);
      cancelAnimationFrame(frame);
    };
  }, [sections]);
  return current;
}

/**
 * A link to `#ownership` opened from elsewhere lands before the panels have loaded: the target is scrolled to, and
 * kept at the top while the panels above it load and grow, until the reader scrolls or a few seconds pass.
 */
function useLandOnHash(page: RefObject<HTMLElement | null>) {
  useEffect(() => {
    const target = () => {
      const id = decodeURIComponent(window.location.hash.slice(1));
      return id ? document.getElementById(id) : null;
    };
    const land = () => target()?.scrollIntoView({ block: 'start' });
    if (!target()) return;
    land();
    const grew = new ResizeObserver(land);
    if (page.current) grew.observe(page.current);
    const stop = () => {
      grew.disconnect();
      clearTimeout(timer);
      for (const e of ['wheel', 'touchstart', 'keydown', 'mousedown'] as const) window.removeEventListener(e, stop);
    };
    const timer = setTimeout(stop, 4000);
    for (const e of ['wheel', 'touchstart', 'keydown', 'mousedown'] as const)
      window.addEventListener(e, stop, { passive: true });
    return stop;
  }, [page]);
}

/** The row of the settings' sections, kept at the top of the screen while the page scrolls under it. */
export function SectionNav({ sections, page }: { sections: SettingsSection[]; page: RefObject<HTMLElement | null> }) {
  const current = useCurrentSection(sections);
  useLandOnHash(page);
  return (
    <div className="sticky top-0 z-20 -mx-4 border-b border-line bg-canvas px-4 sm:-mx-6 sm:px-6">
      <NavTabs
        label="Project settings sections"
        onCanvas
        links={sections.map((s) => ({ href: `#${s.id}`, label: s.label, active: s.id === current }))}
      />
    </div>
  );
}
