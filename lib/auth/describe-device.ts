import { contextsFromUserAgent } from '@/lib/envelope/user-agent';

export type DeviceDescription = {
  /** What a person recognizes their device by: "Chrome on macOS", "Safari on iPhone", else the raw client name. */
  label: string;
  browser: string | null;
  os: string | null;
  device: string | null;
};

const OS_NAMES: Record<string, string> = { 'Mac OS': 'macOS' };

function text(v: unknown): string | undefined {
  return typeof v === 'string' && v !== '' ? v : undefined;
}

/** A session's device read off the User-Agent it signed in with (the same parser ingest uses for events). */
export function describeDevice(userAgent: string | null): DeviceDescription {
  if (!userAgent) return { label: 'Unknown device', browser: null, os: null, device: null };
  const { browser, os, device } = contextsFromUserAgent(userAgent);
  const browserName = text(browser?.name);
  const browserMajor = text(browser?.version)?.split('.')[0];
  const osName = text(os?.name) && (OS_NAMES[String(os?.name)] ?? String(os?.name));
  const osVersion = text(os?.version);
  const model = text(device?.model);
  if (!browserName && !osName) {
    // Not a browser (a script, a command-line client): its own first word says most.
    const raw = userAgent.trim().slice(0, 60);
    return { label: raw || 'Unknown device', browser: null, os: null, device: null };
  }
  // A phone or tablet is known by its model; a computer by its system ("Macintosh" says less than "macOS").
  const where = model && model !== 'Macintosh' ? model : (osName ?? model ?? 'an unknown system');
  return {
    label: `${browserName ?? 'Unknown browser'} on ${where}`,
    browser: browserName ? [browserName, browserMajor].filter(Boolean).join(' ') : null,
    os: osName ? [osName, osVersion].filter(Boolean).join(' ') : null,
    device: model ?? null,
  };
}
