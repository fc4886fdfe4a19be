'use client';

import { useState } from 'react';
import { cn } from './cn';

/** Copies text to the clipboard; false when the browser refused both ways (the caller says so). */
export async function copyText(text: string): Promise<boolean> {
  try {
    await navigator.clipboard.writeText(text);
    return true;
  } catch {
    // Clipboard API refused (permissions, insecure origin): fall back to a hidden textarea.
    const area = document.createElement('textarea');
    area.value = text;
    area.setAttribute('readonly', '');
    area.style.position = 'fixed';
    area.style.opacity = '0';
    document.body.appendChild(area);
    area.select();
    const copied = document.execCommand('copy');
    area.remove();
    return copied;
  }
}

const tones = {
  surface: 'border-line-strong bg-surface text-fg-secondary hover:bg-surface-hover',
  code: 'border-code-line bg-code-bar text-code-fg hover:bg-code-line',
} as const;

/** `caption`: the visible text ("Copy" by default); `label` names the button for assistive technology. */
export function CopyButton({
  text,
  label,
  caption = 'Copy',
  className,
  tone = 'surface',
}: {
  text: string;
  label: string;
  caption?: string;
  className?: string;
  tone?: keyof typeof tones;
}) {
  const [copied, setCopied] = useState(false);
  return (
    <button
      type="button"
      aria-label={label}
      onClick={async () => {
        await copyText(text);
        setCopied(true);
        setTimeout(() => setCopied(false), 2000);
      }}
      className={cn(
        'inline-flex h-8 shrink-0 items-center rounded-md border px-3 text-xs font-medium',
        tones[tone],
        'focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-focus',
        className,
      )}
    >
      <span aria-live="polite">{copied ? 'Copied' : caption}</span>
    </button>
  );
}
