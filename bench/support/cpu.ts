// CPU time spent by processes during a benchmark run (Linux /proc), so a throughput ratio on a shared
// machine can be read beside the work each side did per request.
import fs from 'node:fs';
import os from 'node:os';

const TICK_MS = 1000 / 100; // USER_HZ is 100 on Linux.

export type Proc = { pid: number; comm: string; ppid: number; pgid: number; ms: number; childrenMs: number };

/** Every process on the machine with its parent, group and CPU time (Linux /proc). */
export function processes(): Proc[] {
  const out: Proc[] = [];
  for (const name of fs.readdirSync('/proc')) {
    if (!/^\d+$/.test(name)) continue;
    let stat: string;
    try {
      stat = fs.readFileSync(`/proc/${name}/stat`, 'utf8');
    } catch {
      continue;
    }
    // comm is in parentheses and may contain spaces; the fields after it are space separated.
    const close = stat.lastIndexOf(')');
    const comm = stat.slice(stat.indexOf('(') + 1, close);
    const f = stat.slice(close + 2).split(' ');
    // f[0] is field 3 (state): ppid is field 4, pgrp 5, utime 14, stime 15, cutime 16, cstime 17.
    out.push({
      pid: Number(name),
      comm,
      ppid: Number(f[1]),
      pgid: Number(f[2]),
      ms: (Number(f[11]) + Number(f[12])) * TICK_MS,
      childrenMs: (Number(f[13]) + Number(f[14])) * TICK_MS,
    });
  }
  return out;
}

/** CPU milliseconds per process group, PostgreSQL's processes apart from the rest (node, tsx). */
export type CpuSample = { groups: Map<number, { postgres: number; other: number }>; total: number };

export function sampleCpu(groups: number[]): CpuSample {
  const g = new Map(groups.map((id) => [id, { postgres: 0, other: 0 }]));
  const all = processes();
  // PostgreSQL's backends start their own sessions: they belong to the group of their postmaster.
  const postmasterGroup = new Map(
    all.filter((p) => p.comm === 'postgres' && g.has(p.pgid)).map((p) => [p.pid, p.pgid]),
  );
  for (const p of all) {
    const entry = g.get(postmasterGroup.get(p.ppid) ?? p.pgid);
    if (!entry) continue;
    // A postmaster's reaped children (backends closed by the pool) count in its own children's time.
    if (p.comm === 'postgres') entry.postgres += p.ms + (postmasterGroup.has(p.pid) ? p.childrenMs : 0);
    else entry.other += p.ms;
  }
  const total = os.cpus().reduce((s, c) => s + c.times.user + c.times.sys + c.times.nice + c.times.irq, 0);
  return { groups: g, total };
}

/**
 * CPU microseconds per request between two samples: the server's own processes (`server` group, without
 * PostgreSQL), the database (PostgreSQL in `database` group) and the whole machine (others' work included).
 */
export function cpuPerRequest({
  before,
  after,
  groups,
  requests,
}: {
  before: CpuSample;
  after: CpuSample;
  groups: { server: number; database: number };
  requests: number;
}) {
  const per = (ms: number) => (ms * 1000) / requests;
  const d = (id: number) => {
    const a = after.groups.get(id) ?? { postgres: 0, other: 0 };
    const b = before.groups.get(id) ?? { postgres: 0, other: 0 };
    return { postgres: a.postgres - b.postgres, other: a.other - b.other };
  };
  return {
    serverUs: per(d(groups.server).other),
    postgresUs: per(d(groups.database).postgres),
    machineUs: per(after.total - before.total),
  };
}
