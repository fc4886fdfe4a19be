'use client';

import { useState } from 'react';
import { cn } from '@/components/ui/cn';

async function copyText(text: string) {
  try {
    await navigator.clipboard.writeText(text);
  } catch {
    // Clipboard API refused (permissions, insecure origin): fall back to a hidden textarea.
    const area = document.createElement('textarea');
    area.value = text;
    area.setAttribute('readonly', '');
    area.style.position = 'fixed';
    area.style.opacity = '0';
    document.body.appendChild(area);
    area.select();
    document.execCommand('copy');
    area.remove();
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

/**
 * A read-only block of code with its copy button. Long lines (a URL, a key) wrap at the block's edge instead of
 * running off it, on a phone as on a laptop; the copy button copies them whole.
 */
export function CodeBlock({ code, label, testId }: { code: string; label: string; testId?: string }) {
  return (
    <div className="relative rounded-lg border border-code-line bg-code">
      <div className="flex items-center justify-between border-b border-code-line px-3 py-1.5">
        <span className="text-xs font-medium text-code-muted">{label}</span>
        <CopyButton text={code} label={`Copy ${label}`} tone="code" className="h-7" />
      </div>
      <pre
        tabIndex={0}
        aria-label={label}
        className="overflow-x-auto p-3 text-xs leading-relaxed wrap-anywhere whitespace-pre-wrap text-code-fg"
        data-testid={testId}
      >
        <code>{code}</code>
      </pre>
    </div>
  );
}
