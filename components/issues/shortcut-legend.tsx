const SHORTCUTS: [string, string][] = [
  ['j / k', 'next / previous'],
  ['x', 'check'],
  ['r', 'resolve'],
  ['i', 'ignore'],
  ['u', 'unresolve'],
  ['Enter', 'open'],
];

/** The issue list's keyboard shortcuts; r, i and u act on the checked issues, else on the highlighted one. */
export function ShortcutLegend() {
  return (
    <section
      aria-labelledby="shortcuts-heading"
      className="flex flex-wrap items-center gap-x-4 gap-y-2 text-xs text-fg-muted"
    >
      <h2 id="shortcuts-heading" className="font-medium text-fg-secondary">
        Keyboard
      </h2>
      <dl className="flex flex-wrap gap-x-4 gap-y-2">
        {SHORTCUTS.map(([keys, what]) => (
          <div key={keys} className="flex items-center gap-1.5">
            <dt>
              <kbd className="rounded border border-line-strong bg-surface px-1.5 py-0.5 font-mono text-[11px] text-fg-secondary shadow-xs">
                {keys}
              </kbd>
            </dt>
            <dd>{what}</dd>
          </div>
        ))}
      </dl>
      <p>r, i and u act on the checked issues, else on the highlighted one.</p>
    </section>
  );
}
