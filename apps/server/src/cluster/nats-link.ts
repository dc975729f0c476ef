import { connect, type NatsConnection } from '@nats-io/transport-node'
import type { Kysely } from 'kysely'
import { commaParts } from '../config'
import type { Database } from '../db/schema'

/** A cluster's connection to NATS, and the start of every subject it uses. */
export interface NatsLink {
  readonly nc: NatsConnection
  /**
   * `backlay.<cluster id>`: the id is the database's own (migration 0906), so two deployments on
   * one NATS server never answer each other's calls or hear each other's messages.
   */
  readonly prefix: string
}

export async function openNatsLink(url: string, db: Kysely<Database>): Promise<NatsLink> {
  const { id } = await db.selectFrom('cluster_identity').select('id').executeTakeFirstOrThrow()
  return {
    nc: await connect({ servers: commaParts(url), name: 'backlay' }),
    prefix: `backlay.${id}`,
  }
}
