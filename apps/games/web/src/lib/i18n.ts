/** UI strings by feature; `t('lobby.title')`, with `{name}` placeholders filled from `vars`. */
const en = {
  shell: {
    brand: 'Backlay Games',
    balance: 'Balance',
    lobby: 'Lobby',
    noSession: 'Open the games from your Backlay account to play.',
    rules: 'Rules',
  },
  launch: {
    opening: 'Opening your game…',
    expired: 'This game link has expired. Open the game again from your account.',
    unavailable: 'The wallet is not reachable right now. Please try again shortly.',
  },
  lobby: {
    live: 'Live Casino',
    slots: 'Slots',
    indian: 'Indian Card Games / Aura',
    all: 'All providers',
    play: 'Play',
    emptyProvider: 'No {provider} games are connected yet.',
  },
  games: {
    aviatorTitle: 'Aviator',
    aviatorTag: 'Cash out before the plane flies away',
    lotusSevensTitle: 'Lotus Sevens',
    lotusSevensTag: '5 reels · 10 lines · RTP {rtp}',
    andarBaharTitle: 'Andar Bahar',
    andarBaharTag: 'Guess the side that matches the joker',
  },
  crash: {
    waiting: 'Next round in {seconds}s',
    flewAway: 'Flew away at {multiplier}',
    stake: 'Stake (₹)',
    autoCashOut: 'Auto cash-out (×)',
    bet: 'Bet',
    cashOut: 'Cash out {amount}',
    betPlaced: 'Bet placed, waiting for take-off',
    inFlight: 'Your {amount} bet is flying',
    curve: 'Multiplier curve',
    cashedOut: 'Cashed out at {multiplier}: {amount}',
    lost: 'Lost this round',
    players: 'Bets this round',
    history: 'Previous rounds',
    verify: 'Verify fairness',
    terminating: 'Terminating hash',
    salt: 'Salt',
  },
  slot: {
    spin: 'Spin',
    bet: 'Bet',
    win: 'Win {amount}',
    noWin: 'No win, try again',
    paytable: 'Paytable (× line bet)',
    rules:
      'Each bet is split evenly over 10 fixed lines. Lines pay left to right from the first reel; the wild replaces any symbol. Only the highest win per line is paid; two melons or two cherries pay 1. Return to player: {rtp}.',
  },
  andarBahar: {
    joker: 'Joker',
    andar: 'Andar',
    bahar: 'Bahar',
    placeBets: 'Place your bets: {seconds}s',
    dealing: 'Dealing…',
    wins: '{side} wins',
    stake: 'Stake (₹)',
    betOn: 'Bet {side}',
    myBets: 'My bets',
    results: 'Results',
    rules:
      'A joker card is drawn. Cards are then dealt one at a time, Andar first, alternately to Andar and Bahar, until a card of the joker’s rank appears; that side wins. Andar pays 0.9 to 1, Bahar pays 1 to 1.',
  },
  verify: {
    title: 'Verify a crash round',
    explain:
      'Each round’s hash is published after the round. Hashing it with SHA-256 as many times as its game number must give the terminating hash published before play; its crash point is HMAC-SHA256(salt, hash) → max(1, ⌊99 / (1 − X)⌋ / 100), X = first 52 bits / 2^52.',
    gameNumber: 'Game number',
    check: 'Verify',
    checking: 'Walking the chain…',
    crashPoint: 'Crash point',
    inChain: 'Chain leads to the published terminating hash',
    notInChain: 'Chain does NOT lead to the published terminating hash',
    notRevealed: 'That round has not been revealed yet.',
  },
  errors: {
    generic: 'Something went wrong',
  },
} as const

type Tree = typeof en
type Leaves<T, P extends string = ''> = {
  [K in keyof T & string]: T[K] extends string ? `${P}${K}` : Leaves<T[K], `${P}${K}.`>
}[keyof T & string]
export type MessageKey = Leaves<Tree>

export const t = (key: MessageKey, vars: Record<string, string | number> = {}): string => {
  const text = key
    .split('.')
    .reduce<unknown>((node, part) => (node as Record<string, unknown>)[part], en)
  return String(text).replace(/\{(\w+)\}/g, (_, name: string) => String(vars[name] ?? `{${name}}`))
}

const inr = new Intl.NumberFormat('en-IN', { style: 'currency', currency: 'INR' })
/** money(123456) → '₹1,234.56' (paise in, Indian grouping out) */
export const money = (paise: number): string => inr.format(paise / 100)
/** times(250) → '2.50×' */
export const times = (hundredths: number): string => `${(hundredths / 100).toFixed(2)}×`
