// Restores the three-host start's database (npm run cluster:ha) as it was at a time, from the
// pgBackRest repository: every node stops, the first host bootstraps from the last backup
// before that time and the WAL archived after it, the others clone it, the nodes start again.
//   npm run restore -- --to '2026-12-02 21:15:00+00'
import { parseArgs } from 'node:util'
import { restore, restoreTarget } from '../src/cluster/ha-backup'

const { values } = parseArgs({ options: { to: { type: 'string' } } })
const to = values.to === undefined ? Number.NaN : Date.parse(values.to)
if (Number.isNaN(to)) {
  console.error("restore needs --to <time>, e.g. --to '2026-12-02 21:15:00+00' (ISO 8601)")
  process.exit(2)
}
try {
  await restore(new Date(to))
  console.log(`restored to ${restoreTarget(new Date(to))}; every host's Backlay node is ready`)
} catch (err) {
  console.error(String(err))
  process.exit(1)
}
