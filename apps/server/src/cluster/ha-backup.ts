/*
 * Backups and point-in-time restore of the three hosts' database with pgBackRest
 * (deploy/ha/pgbackrest.conf): a full backup from the primary, and a restore that bootstraps a
 * new cluster from the repository as of a time, the way Patroni's custom bootstrap does it.
 */
import { readFileSync, rmSync, statSync } from 'node:fs'
import { join } from 'node:path'
import {
  databaseRunning,
  isReplica,
  killBacklay,
  killDatabase,
  primaryHost,
  restartPatroni,
} from './ha-faults'
import { hosts, pgbackrest, startBacklay, writePatroniConfig } from './ha-topology'

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms))

/** Waits until `ok` holds; an error it throws ends the wait. */
async function waitFor(what: string, ok: () => Promise<boolean>, timeoutMs = 180_000) {
  const deadline = Date.now() + timeoutMs
  while (!(await ok())) {
    if (Date.now() > deadline) throw new Error(`${what}: not within ${timeoutMs / 1000} s`)
    await sleep(500)
  }
}

async function thePrimary() {
  const primary = await primaryHost()
  if (!primary) throw new Error('no PostgreSQL primary answers')
  return primary
}

/** A full backup, taken from the primary; pgBackRest's own summary of the repository after. */
export async function backup(): Promise<string> {
  const primary = await thePrimary()
  pgbackrest(primary, ['backup', '--type=full'])
  return pgbackrest(primary, ['info'])
}

/** pgBackRest's time format: what it and PostgreSQL's recovery_target_time both read. */
export const restoreTarget = (to: Date) => `${to.toISOString().replace('T', ' ').slice(0, 23)}+00`

/**
 * Restores the database as it was at `to`: every Backlay node and database stops, the
 * cluster's state leaves etcd, the first host bootstraps from the repository (the last backup
 * before `to`, then the archived WAL up to it) and becomes the primary, the other two clone
 * it, and the Backlay nodes start on it. What was committed after `to` is gone.
 */
export async function restore(to: Date): Promise<void> {
  const first = hosts[0]
  if (!first) throw new Error('no hosts')
  // Refused before anything stops: a time no backup had finished by cannot be restored.
  const repo = JSON.parse(pgbackrest(first, ['info', '--output=json'])) as {
    backup?: { timestamp: { stop: number } }[]
  }[]
  const stops = (repo[0]?.backup ?? []).map((b) => b.timestamp.stop * 1000)
  if (!stops.some((stop) => stop < to.getTime()))
    throw new Error(
      stops.length === 0
        ? 'no backup in the repository yet: npm run backup'
        : `no backup had finished by ${restoreTarget(to)}; the first finished at ${restoreTarget(new Date(Math.min(...stops)))}`,
    )
  // The WAL up to now into the repository first: `check` switches to a new segment and waits
  // until the last one is archived.
  const live = await primaryHost()
  if (live) pgbackrest(live, ['check'])
  for (const h of hosts) {
    killBacklay(h)
    killDatabase(h)
  }
  // Gone before anything starts again, and without the killed postmasters' socket locks, which
  // a new one would take for a live server's.
  await waitFor('every database stopped', async () => !hosts.some(databaseRunning), 30_000)
  for (const h of hosts) rmSync(join(h.data, '.s.PGSQL.5432.lock'), { force: true })
  // Patroni's cluster state (leader, history, initialize key) goes: a new cluster bootstraps.
  const cleared = await fetch(`http://${first.ip}:2379/v2/keys/service/backlay?recursive=true`, {
    method: 'DELETE',
  })
  if (!cleared.ok && cleared.status !== 404)
    throw new Error(`etcd refused to clear the cluster state: ${cleared.status}`)
  for (const h of hosts) rmSync(join(h.data, 'pg'), { recursive: true, force: true })
  writePatroniConfig(first, { BOOTSTRAP_METHOD: 'restore', RESTORE_TARGET: restoreTarget(to) })
  const log = join(first.data, 'patroni.log')
  const logFrom = statSync(log).size
  restartPatroni(first)
  await waitFor('the restored primary', async () => {
    // A failed bootstrap ends Patroni: say why now, rather than wait out the timeout.
    const since = readFileSync(log, 'utf8').slice(logFrom)
    if (since.includes('Failed to bootstrap cluster')) {
      const why = since
        .split('\n')
        .filter((l) => /ERROR: \[|FATAL: (?!.*the database system is)/.test(l))
      throw new Error(`the restore failed (${log}):\n${why.join('\n')}`)
    }
    return (await primaryHost()) === first
  })
  // Its next bootstrap, if ever, is a fresh one again.
  writePatroniConfig(first)
  for (const h of hosts.slice(1)) restartPatroni(h)
  await waitFor('the standbys cloned from it', async () =>
    (await Promise.all(hosts.slice(1).map(isReplica))).every(Boolean),
  )
  for (const h of hosts) startBacklay(h)
  await waitFor('every Backlay node ready', async () =>
    (
      await Promise.all(
        hosts.map((h) =>
          fetch(`${h.url}/health/ready`).then(
            (r) => r.ok,
            () => false,
          ),
        ),
      )
    ).every(Boolean),
  )
}
