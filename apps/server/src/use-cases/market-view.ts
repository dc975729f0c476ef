import type { Runner as RunnerView } from '@backlay/contract/market'
import { oddsToDecimal, paiseToRupees } from '@backlay/contract/money'
import type { PriceLevel, Runner } from '../db/schema'

const BEST_LEVELS = 3

const toWire = (levels: readonly PriceLevel[]) =>
  levels
    .slice(0, BEST_LEVELS)
    .map((l) => ({ price: oddsToDecimal(l.price), size: paiseToRupees(l.size) }))

/**
 * A stored exchange/bookmaker runner as the wire shows it: decimal odds, rupee sizes, best three
 * per side. (SESSION runners quote runs and rates and are shown by the fancy call instead.)
 */
export function runnerView(row: Runner): RunnerView {
  return {
    selectionId: row.selection_id,
    runnerName: row.name,
    selection_name: row.name,
    sort_priority: row.sort_priority,
    status: row.status,
    ex: {
      availableToBack: toWire(row.back),
      availableToLay: toWire(row.lay),
      tradedVolume: paiseToRupees(row.traded_volume),
    },
    metadata: row.metadata
      ? {
          CLOTH_NUMBER: String(row.metadata.clothNumber),
          COLOURS_FILENAME: row.metadata.silks,
          JOCKEY_NAME: row.metadata.jockey,
          TRAINER_NAME: row.metadata.trainer,
        }
      : null,
  }
}
