/** What a key does on a focused ladder: move along the prices, bet at one, cancel there, or step the stake. */
export type LadderAction =
  | { kind: 'move'; by: number }
  | { kind: 'back' }
  | { kind: 'lay' }
  | { kind: 'cancel' }
  | { kind: 'stake'; by: number }

/** ladderAction('ArrowUp') → move up one price (rows run from the highest price down). */
export function ladderAction(key: string): LadderAction | null {
  switch (key) {
    case 'ArrowUp':
      return { kind: 'move', by: -1 }
    case 'ArrowDown':
      return { kind: 'move', by: 1 }
    case 'b':
    case 'B':
      return { kind: 'back' }
    case 'l':
    case 'L':
      return { kind: 'lay' }
    case 'c':
    case 'C':
      return { kind: 'cancel' }
    case '+':
    case '=':
      return { kind: 'stake', by: 1 }
    case '-':
      return { kind: 'stake', by: -1 }
    default:
      return null
  }
}

/** The row a move lands on, kept on the ladder. */
export const movedRow = (row: number, by: number, rows: number) =>
  Math.min(Math.max(0, row + by), Math.max(0, rows - 1))
