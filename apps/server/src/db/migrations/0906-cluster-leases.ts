import { type Kysely, sql } from 'kysely'

/**
 * Several server processes as one exchange (cluster/): the cluster's own id, the live nodes, each seen within its
 * lease time, and one lease per shard of markets. A takeover raises the shard's epoch; every
 * trade transaction of the owner reads its lease FOR SHARE and checks the epoch, so a takeover
 * waits for a write in flight and a write after it is refused.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  // The cluster's name on NATS: nodes of one database share it, another deployment's differ.
  await sql`CREATE TABLE cluster_identity (
    id text PRIMARY KEY,
    one boolean NOT NULL DEFAULT true UNIQUE CHECK (one)
  )`.execute(db)
  await sql`INSERT INTO cluster_identity (id) VALUES (replace(gen_random_uuid()::text, '-', ''))`.execute(
    db,
  )
  await sql`CREATE TABLE cluster_nodes (
    node_id text PRIMARY KEY,
    seen_at timestamptz NOT NULL
  )`.execute(db)
  await sql`CREATE TABLE shard_leases (
    shard integer PRIMARY KEY CHECK (shard >= 0),
    owner text,
    epoch bigint NOT NULL CHECK (epoch > 0),
    expires_at timestamptz NOT NULL
  )`.execute(db)
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`DROP TABLE shard_leases`.execute(db)
  await sql`DROP TABLE cluster_nodes`.execute(db)
  await sql`DROP TABLE cluster_identity`.execute(db)
}
