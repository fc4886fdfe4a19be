'use client';

import { useState } from 'react';
import { Button } from '@/components/ui/button';
import { CopyButton } from '@/components/ui/copy-button';
import { downloadFile } from '@/components/ui/download-file';
import { SectionCard } from '@/components/ui/section-card';
import { useOrigin } from '@/components/ui/use-origin';
import { formatDateTime } from '@/lib/text/date-format';

/** The codes as one text, one a line, under a line saying where and when they were made (for the saved file). */
function codesText(codes: string[], origin: string, at: number): string {
  const where = origin ? ` for ${new URL(origin).host}` : '';
  return `Tracker recovery codes${where}, generated ${formatDateTime(at)}.\nEach signs you in once.\n\n${codes.join('\n')}\n`;
}

/** New recovery codes, shown once (#48), to copy or save as a .txt file (#60) before they are gone. */
export function RecoveryCodesShown({ codes, onDone }: { codes: string[]; onDone: () => void }) {
  const origin = useOrigin();
  // When these codes were made: the moment they were first shown.
  const [at] = useState(() => Date.now());
  const text = codesText(codes, origin, at);
  return (
    <SectionCard title="Save your recovery codes">
      <p className="text-sm">
        These are shown only now. Keep them somewhere safe: each one signs you in once if you lose your app or key.
      </p>
      <ol className="grid grid-cols-2 gap-2 font-mono text-sm sm:grid-cols-5" data-testid="recovery-codes">
        {codes.map((c) => (
          <li key={c} className="rounded bg-surface-hover px-2 py-1 text-center">
            {c}
          </li>
        ))}
      </ol>
      <div className="flex flex-wrap items-center gap-2">
        <CopyButton text={codes.join('\n')} label="Copy recovery codes" className="h-9 px-4 text-sm" />
        <Button
          variant="secondary"
          onClick={() => downloadFile('tracker-recovery-codes.txt', text)}
          data-testid="download-recovery-codes"
        >
          Download .txt
        </Button>
        <Button variant="secondary" onClick={onDone}>
          I saved them
        </Button>
      </div>
    </SectionCard>
  );
}
