import type { ReactNode } from 'react';
import { SettingsNav } from '@/components/settings/settings-nav';

/** Every settings page under one navigation (#60): down the side on a wide screen, a row on a phone. */
export default function SettingsLayout({ children }: { children: ReactNode }) {
  return (
    <div className="lg:grid lg:grid-cols-[12rem_minmax(0,1fr)] lg:gap-10">
      <aside className="-mt-4 mb-6 border-b border-line lg:mt-0 lg:mb-0 lg:border-b-0">
        <SettingsNav />
      </aside>
      <div className="min-w-0">{children}</div>
    </div>
  );
}
