// A full backup of the three-host start's database (npm run cluster:ha) with pgBackRest, taken
// from the primary; prints the repository's backups after. As root, while the hosts run.
//   npm run backup
import { backup } from '../src/cluster/ha-backup'

try {
  console.log(await backup())
} catch (err) {
  console.error(String(err))
  process.exit(1)
}
