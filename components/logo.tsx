export function Logo() {
  return (
    <span className="inline-flex items-center gap-2 font-semibold tracking-tight text-neutral-900">
      <svg viewBox="0 0 24 24" className="size-6" aria-hidden="true">
        <rect width="24" height="24" rx="6" className="fill-neutral-900" />
        <path d="M6 15l4-5 3 3 5-6" className="stroke-white" strokeWidth="2" fill="none" strokeLinecap="round" strokeLinejoin="round" />
      </svg>
      Tracker
    </span>
  );
}
