export interface NameVersion {
  name: string;
  version: string;
}

function find(ua: string, re: RegExp): string | null {
  const m = re.exec(ua);
  return m ? m[1] : null;
}

/** Browser name + version from a user agent: Edge, Firefox, Chrome, Safari. */
export function parseBrowser(ua: string): NameVersion | undefined {
  let v: string | null;
  if ((v = find(ua, /\b(?:Edg|Edge|EdgA|EdgiOS)\/([\d.]+)/))) return { name: 'Edge', version: v };
  if ((v = find(ua, /\b(?:Firefox|FxiOS)\/([\d.]+)/))) return { name: 'Firefox', version: v };
  if (/\bOPR\//.test(ua)) return undefined;
  if ((v = find(ua, /\b(?:CriOS|Chrome|Chromium|HeadlessChrome)\/([\d.]+)/))) return { name: 'Chrome', version: v };
  if (/\bSafari\//.test(ua) || /\bAppleWebKit\//.test(ua)) {
    v = find(ua, /\bVersion\/([\d.]+)/);
    if (v) return { name: 'Safari', version: v };
  }
  return undefined;
}

const WINDOWS_NT: Record<string, string> = {
  '10.0': '10',
  '6.3': '8.1',
  '6.2': '8',
  '6.1': '7',
  '6.0': 'Vista',
  '5.1': 'XP',
};

/** OS name + version from a user agent: Windows, macOS, Linux, Android, iOS. */
export function parseOs(ua: string): NameVersion | undefined {
  let v: string | null;
  if ((v = find(ua, /\bWindows NT ([\d.]+)/))) return { name: 'Windows', version: WINDOWS_NT[v] || v };
  if (/\bWindows\b/.test(ua)) return { name: 'Windows', version: '' };
  if (/\b(?:iPhone|iPad|iPod)\b/.test(ua)) {
    v = find(ua, /\bOS (\d+(?:_\d+)*) like Mac OS X/);
    return { name: 'iOS', version: v ? v.replace(/_/g, '.') : '' };
  }
  if ((v = find(ua, /\bAndroid ([\d.]+)/))) return { name: 'Android', version: v };
  if (/\bAndroid\b/.test(ua)) return { name: 'Android', version: '' };
  if (/\bMac OS X\b|\bMacintosh\b/.test(ua)) {
    v = find(ua, /\bMac OS X (\d+(?:[_.]\d+)*)/);
    return { name: 'macOS', version: v ? v.replace(/_/g, '.') : '' };
  }
  if (/\bLinux\b/.test(ua)) return { name: 'Linux', version: '' };
  return undefined;
}
