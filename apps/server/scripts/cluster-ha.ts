// Three machines on this one, as the fault tests run them (src/cluster/ha-topology.ts).
//   npm run cluster:ha            starts it, prints each host's Backlay address, Ctrl-C stops it
//   npm run cluster:ha -- stop    stops what an earlier start left running
import { hosts, startTopology, stopTopology } from '../src/cluster/ha-topology'

if (process.argv[2] === 'stop') stopTopology()
else {
  const shutdown = () => {
    stopTopology()
    process.exit(0)
  }
  process.once('SIGINT', shutdown)
  process.once('SIGTERM', shutdown)
  try {
    await startTopology()
    for (const h of hosts) console.log(`${h.name}: Backlay at ${h.url} (logs ${h.data})`)
    console.log('Ctrl-C stops every process and removes the namespaces.')
  } catch (err) {
    console.error(String(err))
    stopTopology()
    process.exit(1)
  }
}
