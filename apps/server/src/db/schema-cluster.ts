import type { ColumnType } from 'kysely'

type Timestamp = ColumnType<Date, Date | string, Date | string>

/** A server process of a cluster, and when it last said it is alive (migration 0906). */
export interface ClusterNodeTable {
  node_id: string
  seen_at: Timestamp
}

/** Who owns a shard of markets, under which epoch, until when (migration 0906). */
export interface ShardLeaseTable {
  shard: number
  /** null once released */
  owner: string | null
  epoch: ColumnType<number, number, number>
  expires_at: Timestamp
}

/** One row: the id that keeps this cluster's NATS subjects apart from another's (migration 0906). */
export interface ClusterIdentityTable {
  id: string
  one: ColumnType<boolean, never, never>
}

export interface ClusterTables {
  cluster_identity: ClusterIdentityTable
  cluster_nodes: ClusterNodeTable
  shard_leases: ShardLeaseTable
}
