import type { CasinoGameId, LobbyGroup } from '@backlay/contract/casino-launch'

export type CatalogueGame = {
  id: Exclude<CasinoGameId, 'lobby'>
  group: LobbyGroup
  provider: string
  /** i18n key stem of the title and tagline in the front end */
  key: string
}

/** Slot providers the lobby filters by; the spec's menu links to Rubyplay and Turbo Games. */
export const SLOT_PROVIDERS = ['Backlay Originals', 'Rubyplay', 'Turbo Games'] as const

export const CATALOGUE: readonly CatalogueGame[] = [
  { id: 'aviator', group: 'live', provider: 'Backlay Originals', key: 'aviator' },
  { id: 'lotus-sevens', group: 'slots', provider: 'Backlay Originals', key: 'lotusSevens' },
  { id: 'andar-bahar', group: 'indian', provider: 'Backlay Originals', key: 'andarBahar' },
]
