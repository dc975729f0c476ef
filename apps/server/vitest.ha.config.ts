import { defineConfig } from 'vitest/config'

/**
 * The fault tests: three hosts in network namespaces (src/cluster/ha-topology.ts), as root,
 * with Debian's etcd, Patroni, HAProxy and NATS (`.ci/run` installs them). `npm run test:ha`
 * runs them alone: they start a dozen server processes on the machine's two cores.
 */
export default defineConfig({
  test: {
    name: 'server-ha',
    root: import.meta.dirname,
    include: ['src/**/*.ha.test.ts'],
    fileParallelism: false,
    testTimeout: 180_000,
    hookTimeout: 600_000,
  },
})
