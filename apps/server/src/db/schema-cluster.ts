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

export interface ClusterTables {
  cluster_nodes: ClusterNodeTable
  shard_leases: ShardLeaseTable
}
