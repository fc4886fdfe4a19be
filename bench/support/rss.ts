import fs from 'node:fs';

/** RSS in MiB of the largest node process in the service's process group (the server itself). */
export function serverRssMiB(groupId: number): number {
  let max = 0;
  for (const pid of fs.readdirSync('/proc').filter((p) => /^\d+$/.test(p))) {
    try {
      const stat = fs.readFileSync(`/proc/${pid}/stat`, 'utf8');
      const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
      const comm = stat.slice(stat.indexOf('(') + 1, stat.lastIndexOf(')'));
      // fields[2] is the process group; fields[21] the RSS in pages.
      if (Number(fields[2]) !== groupId || !comm.startsWith('node')) continue;
      max = Math.max(max, (Number(fields[21]) * 4096) / (1024 * 1024));
    } catch {
      // the process ended while we looked
    }
  }
  return max;
}
