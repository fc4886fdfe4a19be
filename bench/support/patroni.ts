// A Patroni pair on loopback for bench:failover (#50): one etcd member, two Patroni nodes (Debian's patroni and
// etcd-server packages, PostgreSQL 15 from /usr/lib/postgresql/15/bin) with synchronous_mode, and HAProxy sending
// connections to whichever node answers Patroni's `GET /primary` with 200. Every process runs in its own process
// group through bench/support/service.ts (stopped at the end, even on failure); PostgreSQL runs as `postgres`.
import { execFileSync, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pgLib from 'pg';
import { freePort } from '@/lib/runtime/embedded-db';
import { log, startGroup, stopGroup } from './service';

const PG_BIN = '/usr/lib/postgresql/15/bin';
const PASSWORD = 'bench-failover';

export type PatroniNode = {
  name: string;
  pgPort: number;
  restPort: number;
  dataDir: string;
  configFile: string;
  logFile: string;
  child?: ChildProcess;
};

export type PatroniCluster = {
  dir: string;
  nodes: PatroniNode[];
  haproxyPort: number;
  /** The app's DATABASE_URL: through HAProxy to the current primary. */
  url: string;
  /** A node's own URL (superuser), for checks after the run. */
  nodeUrl(node: PatroniNode, database?: string): string;
  startNode(node: PatroniNode): void;
  /** SIGKILLs the node's Patroni and its PostgreSQL (postmaster and every backend): a crash of the machine. */
  killNode(node: PatroniNode): void;
  /** The node answering `GET /primary` with 200, or null. */
  primary(): Promise<PatroniNode | null>;
  /** Whether the node is the synchronous standby (`GET /sync`). */
  isSyncStandby(node: PatroniNode): Promise<boolean>;
  stop(): Promise<void>;
};

const postgresUser = () => {
  const uid = Number(execFileSync('id', ['-u', 'postgres'], { encoding: 'utf8' }).trim());
  const gid = Number(execFileSync('id', ['-g', 'postgres'], { encoding: 'utf8' }).trim());
  return { uid, gid };
};

async function status(url: string): Promise<number> {
  try {
    const res = await fetch(url, { signal: AbortSignal.timeout(2000) });
    await res.arrayBuffer();
    return res.status;
  } catch {
    return 0;
  }
}

function patroniConfig(o: { node: PatroniNode; etcdPort: number; socketDir: string; pgpass: string }): string {
  const { node } = o;
  // JSON is YAML: no YAML writer needed.
  return JSON.stringify(
    {
      scope: 'tracker-bench',
      name: node.name,
      log: { level: 'INFO' },
      restapi: { listen: `127.0.0.1:${node.restPort}`, connect_address: `127.0.0.1:${node.restPort}` },
      etcd: { host: `127.0.0.1:${o.etcdPort}` },
      bootstrap: {
        dcs: {
          // A leader lost without a word (SIGKILL) is replaced once its key expires: ttl bounds the switch.
          ttl: 10,
          loop_wait: 1,
          retry_timeout: 4,
          maximum_lag_on_failover: 1048576,
          synchronous_mode: true,
          postgresql: {
            use_pg_rewind: true,
            parameters: {
              wal_level: 'replica',
              hot_standby: 'on',
              wal_log_hints: 'on',
              max_wal_senders: 10,
              max_replication_slots: 10,
              max_connections: 100,
            },
          },
        },
        initdb: [{ encoding: 'UTF8' }, { locale: 'C' }, 'data-checksums'],
      },
      postgresql: {
        listen: `127.0.0.1:${node.pgPort}`,
        connect_address: `127.0.0.1:${node.pgPort}`,
        data_dir: node.dataDir,
        bin_dir: PG_BIN,
        pgpass: o.pgpass,
        authentication: {
          superuser: { username: 'postgres', password: PASSWORD },
          replication: { username: 'replicator', password: PASSWORD },
          rewind: { username: 'postgres', password: PASSWORD },
        },
        pg_hba: [
          'local all all trust',
          'host replication replicator 127.0.0.1/32 md5',
          'host all all 127.0.0.1/32 md5',
        ],
        parameters: { unix_socket_directories: o.socketDir, shared_buffers: '64MB' },
      },
      tags: { nofailover: false, noloadbalance: false, clonefrom: false, nosync: false },
    },
    null,
    2,
  );
}

function haproxyConfig(port: number, nodes: PatroniNode[]): string {
  return [
    'global',
    '  maxconn 1000',
    'defaults',
    '  mode tcp',
    '  timeout connect 2s',
    '  timeout client 30m',
    '  timeout server 30m',
    '  timeout check 2s',
    'listen postgres',
    `  bind 127.0.0.1:${port}`,
    '  option httpchk GET /primary',
    '  http-check expect status 200',
    // Checked every second, out after two failures, in after one success; a server marked down has its
    // connections closed, so clients reconnect (to the new primary) instead of hanging on a dead one.
    '  default-server inter 1s fall 2 rise 1 on-marked-down shutdown-sessions',
    ...nodes.map((n) => `  server ${n.name} 127.0.0.1:${n.pgPort} maxconn 200 check port ${n.restPort}`),
    '',
  ].join('\n');
}

/** The pids of a process and all its descendants (from /proc). */
function treeOf(pid: number): number[] {
  const children = new Map<number, number[]>();
  for (const entry of fs.readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      const stat = fs.readFileSync(`/proc/${entry}/stat`, 'utf8');
      const ppid = Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[1]);
      children.set(ppid, [...(children.get(ppid) ?? []), Number(entry)]);
    } catch {
      // exited meanwhile
    }
  }
  const out: number[] = [];
  const walk = (p: number) => {
    out.push(p);
    for (const c of children.get(p) ?? []) walk(c);
  };
  walk(pid);
  return out;
}

function postmasterPid(node: PatroniNode): number | null {
  try {
    const pid = Number(fs.readFileSync(path.join(node.dataDir, 'postmaster.pid'), 'utf8').split('\n')[0]);
    if (!pid) return null;
    process.kill(pid, 0);
    return pid;
  } catch {
    return null;
  }
}

function killTree(pid: number, signal: NodeJS.Signals): void {
  for (const p of treeOf(pid)) {
    try {
      process.kill(p, signal);
    } catch {
      // gone
    }
  }
}

export async function startPatroniCluster(): Promise<PatroniCluster> {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'tracker-failover-'));
  fs.chmodSync(dir, 0o755);
  const user = postgresUser();
  const etcdPort = await freePort();
  const etcdPeerPort = await freePort();
  const haproxyPort = await freePort();
  const socketDir = path.join(dir, 'sockets');
  fs.mkdirSync(socketDir);
  fs.chownSync(socketDir, user.uid, user.gid);
  const children: ChildProcess[] = [];

  // etcd: one member, the v2 API for Debian's python3-etcd (Patroni's `etcd:` section).
  const etcdLog = path.join(dir, 'etcd.log');
  children.push(
    startGroup({
      cmd: '/usr/bin/etcd',
      args: [
        '--name=bench',
        `--data-dir=${path.join(dir, 'etcd')}`,
        `--listen-client-urls=http://127.0.0.1:${etcdPort}`,
        `--advertise-client-urls=http://127.0.0.1:${etcdPort}`,
        `--listen-peer-urls=http://127.0.0.1:${etcdPeerPort}`,
        `--initial-advertise-peer-urls=http://127.0.0.1:${etcdPeerPort}`,
        `--initial-cluster=bench=http://127.0.0.1:${etcdPeerPort}`,
        '--enable-v2=true',
      ],
      env: { ...process.env },
      logFile: etcdLog,
    }),
  );
  for (let i = 0; ; i++) {
    if ((await status(`http://127.0.0.1:${etcdPort}/health`)) === 200) break;
    if (i > 60) throw new Error(`etcd not ready; see ${etcdLog}`);
    await new Promise((r) => setTimeout(r, 500));
  }

  const nodes: PatroniNode[] = [];
  for (const name of ['node1', 'node2']) {
    const nodeDir = path.join(dir, name);
    fs.mkdirSync(nodeDir, { mode: 0o700 });
    fs.chownSync(nodeDir, user.uid, user.gid);
    const node: PatroniNode = {
      name,
      pgPort: await freePort(),
      restPort: await freePort(),
      dataDir: path.join(nodeDir, 'data'),
      configFile: path.join(nodeDir, 'patroni.yml'),
      logFile: path.join(dir, `${name}.log`),
    };
    fs.writeFileSync(
      node.configFile,
      patroniConfig({ node, etcdPort, socketDir, pgpass: path.join(nodeDir, 'pgpass') }),
    );
    fs.chownSync(node.configFile, user.uid, user.gid);
    nodes.push(node);
  }

  const haproxyCfg = path.join(dir, 'haproxy.cfg');
  fs.writeFileSync(haproxyCfg, haproxyConfig(haproxyPort, nodes));

  const cluster: PatroniCluster = {
    dir,
    nodes,
    haproxyPort,
    url: `postgresql://postgres:${PASSWORD}@127.0.0.1:${haproxyPort}/tracker`,
    nodeUrl: (node, database = 'tracker') => `postgresql://postgres:${PASSWORD}@127.0.0.1:${node.pgPort}/${database}`,
    startNode(node) {
      node.child = startGroup({
        cmd: '/usr/bin/patroni',
        args: [node.configFile],
        env: { ...process.env, HOME: path.dirname(node.configFile) },
        logFile: node.logFile,
        user,
      });
    },
    killNode(node) {
      const pm = postmasterPid(node);
      if (node.child?.pid) {
        try {
          process.kill(-node.child.pid, 'SIGKILL');
        } catch {
          // gone
        }
      }
      if (pm) killTree(pm, 'SIGKILL');
    },
    async primary() {
      for (const n of nodes) if ((await status(`http://127.0.0.1:${n.restPort}/primary`)) === 200) return n;
      return null;
    },
    async isSyncStandby(node) {
      return (await status(`http://127.0.0.1:${node.restPort}/sync`)) === 200;
    },
    async stop() {
      for (const n of nodes) {
        if (n.child) await stopGroup(n.child);
        // Patroni stops its PostgreSQL; one left behind (its Patroni killed) is stopped here.
        const pm = postmasterPid(n);
        if (pm) killTree(pm, 'SIGKILL');
      }
      for (const c of children.reverse()) await stopGroup(c);
    },
  };

  // The first node bootstraps the cluster and becomes its primary; then the database, then the standby.
  cluster.startNode(nodes[0]);
  await waitFor(
    async () => (await cluster.primary()) === nodes[0],
    120_000,
    `node1 never became primary; see ${nodes[0].logFile}`,
  );
  const admin = new pgLib.Client({ connectionString: cluster.nodeUrl(nodes[0], 'postgres') });
  await admin.connect();
  await admin.query('CREATE DATABASE tracker');
  await admin.end();
  cluster.startNode(nodes[1]);
  await waitFor(
    () => cluster.isSyncStandby(nodes[1]),
    120_000,
    `node2 never became the sync standby; see ${nodes[1].logFile}`,
  );

  children.push(
    startGroup({
      cmd: '/usr/sbin/haproxy',
      args: ['-f', haproxyCfg, '-db'],
      env: { ...process.env },
      logFile: path.join(dir, 'haproxy.log'),
    }),
  );
  await waitFor(
    async () => {
      const c = new pgLib.Client({ connectionString: cluster.url, connectionTimeoutMillis: 2000 });
      c.on('error', () => {});
      try {
        await c.connect();
        await c.end();
        return true;
      } catch {
        return false;
      }
    },
    30_000,
    'HAProxy never reached the primary',
  );
  log(`Patroni pair up: node1 primary, node2 sync standby, HAProxy on 127.0.0.1:${haproxyPort} (logs in ${dir})`);
  return cluster;
}

export async function waitFor(check: () => Promise<boolean>, timeoutMs: number, message: string): Promise<number> {
  const started = performance.now();
  while (performance.now() - started < timeoutMs) {
    if (await check()) return performance.now() - started;
    await new Promise((r) => setTimeout(r, 250));
  }
  throw new Error(message);
}
