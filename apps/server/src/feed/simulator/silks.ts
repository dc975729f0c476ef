import { hash32 } from '../prng'

/** Where the simulated race cards' silks are served (`COLOURS_FILENAME` of their runners). */
export const SILKS_PATH = '/silks'

const COLOURS = [
  '#c62828',
  '#1565c0',
  '#2e7d32',
  '#f9a825',
  '#6a1b9a',
  '#ef6c00',
  '#00838f',
  '#ad1457',
  '#212121',
  '#fafafa',
  '#4e342e',
  '#9e9d24',
]

/** The colours and numbers of greyhound traps 1 to 6 (British racing). */
const TRAPS: Record<string, { jacket: string; number: string; stripes?: string }> = {
  '1': { jacket: '#d32f2f', number: '#ffffff' },
  '2': { jacket: '#1565c0', number: '#ffffff' },
  '3': { jacket: '#fafafa', number: '#212121' },
  '4': { jacket: '#212121', number: '#ffffff' },
  '5': { jacket: '#ef6c00', number: '#212121' },
  '6': { jacket: '#212121', number: '#ffffff', stripes: '#fafafa' },
}

/** A jockey's jersey with its sleeves, drawn in a 22 × 22 box. */
const JERSEY = 'M7 2h8l5 4-2 5-3-1v10H7V10l-3 1-2-5z'
const SLEEVES = 'M2 6l5-4v8l-3 1zM20 6l-5-4v8l3 1z'

const svg = (body: string) =>
  `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 22 22" width="22" height="22">${body}</svg>`

/** A horse's silks, the same every time for the same runner: body, sleeves and a pattern. */
function horseSilks(seed: string) {
  const h = hash32(`silks:${seed}`)
  const first = h % COLOURS.length
  // Any other colour: an offset of 1 to length − 1 never lands on the first.
  const offset = 1 + ((h >>> 4) % (COLOURS.length - 1))
  const body = COLOURS[first] as string
  const second = COLOURS[(first + offset) % COLOURS.length] as string
  const patterns = [
    '',
    `<path d="M7 8h8v3H7zM7 14h8v3H7z" fill="${second}"/>`,
    `<path d="M10 2h2v18h-2z" fill="${second}"/>`,
    `<circle cx="11" cy="12" r="3" fill="${second}"/>`,
  ]
  return svg(
    `<path d="${JERSEY}" fill="${body}" stroke="#424242" stroke-width=".6"/>` +
      `<path d="${SLEEVES}" fill="${second}"/>${patterns[(h >>> 8) % patterns.length]}`,
  )
}

function trapJacket(trap: string) {
  const colours = TRAPS[trap]
  if (!colours) return undefined
  const stripes = colours.stripes
    ? `<path d="M2 6h18v2H2zM2 12h18v2H2zM2 18h18v2H2z" fill="${colours.stripes}"/>`
    : ''
  return svg(
    `<rect x="2" y="2" width="18" height="18" rx="2" fill="${colours.jacket}" stroke="#424242" stroke-width=".6"/>` +
      `${stripes}<text x="11" y="16" text-anchor="middle" font-family="sans-serif" font-size="12" font-weight="700" fill="${colours.number}">${trap}</text>`,
  )
}

/**
 * The image a simulated runner's silks name stands for (`horse-{seed}.svg` or `trap-{n}.svg`),
 * or undefined for any other name.
 */
export function silksSvg(file: string): string | undefined {
  const horse = /^horse-([\w-]{1,64})\.svg$/.exec(file)
  if (horse) return horseSilks(horse[1] as string)
  const trap = /^trap-(\d)\.svg$/.exec(file)
  return trap ? trapJacket(trap[1] as string) : undefined
}

/** The silks path of a simulated runner: a horse's own colours, a greyhound's trap jacket. */
export const silksPathOf = (horses: boolean, raceId: string, clothNumber: number): string =>
  horses
    ? `${SILKS_PATH}/horse-${raceId}-${clothNumber}.svg`
    : `${SILKS_PATH}/trap-${clothNumber}.svg`
