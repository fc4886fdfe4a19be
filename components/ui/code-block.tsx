import { CopyButton } from './copy-button';

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
