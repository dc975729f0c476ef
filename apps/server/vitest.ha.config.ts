import { defineConfig } from 'vitest/config'

/**
 * The fault and restore tests: three hosts in network namespaces (src/cluster/ha-topology.ts),
 * as root, with Debian's etcd, Patroni, HAProxy, NATS and pgBackRest (`.ci/run` installs them).
 * `npm run test:ha`, the last step of `npm test`, runs them alone, one file at a time: each
 * starts a dozen server processes on the machine's two cores.
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
