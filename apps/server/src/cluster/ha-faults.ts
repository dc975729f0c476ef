/*
 * The faults the fault tests inflict on the three hosts of ha-topology.ts, and their heals:
 * processes killed, frozen and started again, a host cut off the network, etcd's leader
 * restarted.
 */
import { readFileSync } from 'node:fs'
import { join } from 'node:path'
import { type HaHost, hosts, quiet, run, startIn } from './ha-topology'

const patroniApi = (h: HaHost, path = '') =>
  fetch(`http://${h.ip}:8008/${path}`, { signal: AbortSignal.timeout(1_000) })

/** The host whose PostgreSQL Patroni calls the primary now, if any. */
export async function primaryHost(): Promise<HaHost | undefined> {
  const answers = await Promise.all(
    hosts.map((h) =>
      patroniApi(h, 'primary')
        .then((r) => r.ok)
        .catch(() => false),
    ),
  )
  return hosts[answers.indexOf(true)]
}

/** Each host's role as its Patroni tells it ('primary', 'replica', … or 'unreachable'). */
export async function databaseRoles(): Promise<string[]> {
  return Promise.all(
    hosts.map((h) =>
      patroniApi(h)
        .then(async (r) => ((await r.json()) as { role: string }).role)
        .catch(() => 'unreachable'),
    ),
  )
}

/** Whether the host's PostgreSQL streams from the primary again (Patroni's /replica). */
export const isReplica = (h: HaHost) =>
  patroniApi(h, 'replica')
    .then((r) => r.ok)
    .catch(() => false)

/** The processes of host `h` whose command line `which` matches. */
function pidsIn(h: HaHost, which: RegExp): string[] {
  return run('ip', ['netns', 'pids', h.ns])
    .split('\n')
    .filter(Boolean)
    .filter((pid) => {
      try {
        return which.test(readFileSync(`/proc/${pid}/cmdline`, 'utf8'))
      } catch {
        return false
      }
    })
}

function signalIn(h: HaHost, which: RegExp, signal: string) {
  for (const pid of pidsIn(h, which)) quiet('kill', [`-${signal}`, pid])
}

const DATABASE = /patroni|postgres/
/** SIGKILLs the host's database: its Patroni and every PostgreSQL process. */
export const killDatabase = (h: HaHost) => signalIn(h, DATABASE, 'KILL')
/** Whether any of the host's Patroni or PostgreSQL processes is still there (a kill takes a moment). */
export const databaseRunning = (h: HaHost) => pidsIn(h, DATABASE).length > 0
/** SIGSTOPs the host's Patroni and PostgreSQL: a machine that hangs, not one that dies. */
export const freezeDatabase = (h: HaHost) => signalIn(h, DATABASE, 'STOP')
export const thawDatabase = (h: HaHost) => signalIn(h, DATABASE, 'CONT')
/** SIGKILLs the host's NATS server. */
export const killNats = (h: HaHost) => signalIn(h, /nats-server/, 'KILL')
/** SIGKILLs the host's Backlay node. */
export const killBacklay = (h: HaHost) => signalIn(h, /src\/main\.ts/, 'KILL')

/** Starts the host's NATS server again: it rejoins the cluster's routes. */
export function restartNats(h: HaHost) {
  startIn(h, 'nats', ['nats-server', '-c', join(h.data, 'nats.conf')])
}

/** Starts the host's Patroni again: it rejoins as a standby of the new primary. */
export function restartPatroni(h: HaHost) {
  startIn(h, 'patroni', ['patroni', join(h.data, 'patroni.yml')], { user: 'postgres' })
}

/**
 * Cuts host `h` from the other two: each side drops what it would send the other (a blackhole
 * route), as a failed switch port does. The test's own address on the bridge still reaches it,
 * so its Backlay node is seen failing rather than gone.
 */
export function cutHost(h: HaHost) {
  for (const other of hosts.filter((o) => o !== h)) {
    run('ip', ['-n', h.ns, 'route', 'add', 'blackhole', `${other.ip}/32`])
    run('ip', ['-n', other.ns, 'route', 'add', 'blackhole', `${h.ip}/32`])
  }
}

export function healHost(h: HaHost) {
  for (const other of hosts.filter((o) => o !== h)) {
    quiet('ip', ['-n', h.ns, 'route', 'del', 'blackhole', `${other.ip}/32`])
    quiet('ip', ['-n', other.ns, 'route', 'del', 'blackhole', `${h.ip}/32`])
  }
}

/** The host whose etcd member leads the etcd cluster now, if one answers. */
export async function etcdLeader(): Promise<HaHost | undefined> {
  for (const h of hosts) {
    const self = await fetch(`http://${h.ip}:2379/v2/stats/self`, {
      signal: AbortSignal.timeout(1_000),
    })
      .then((r) => r.json() as Promise<{ state?: string }>)
      .catch(() => undefined)
    if (self?.state === 'StateLeader') return h
  }
  return undefined
}

export const killEtcd = (h: HaHost) => signalIn(h, /\/usr\/bin\/etcd|^etcd/, 'KILL')

/** Starts the host's etcd member again: it rejoins with its data directory. */
export function restartEtcd(h: HaHost) {
  startIn(h, 'etcd', ['etcd', '--config-file', join(h.data, 'etcd.yml')])
}

/** The host whose Backlay node holds a shard lease of `owner` (host:port/id). */
export const hostOfNode = (owner: string | null | undefined) =>
  hosts.find((h) => owner?.split('/')[0]?.endsWith(`:${h.port}`))
