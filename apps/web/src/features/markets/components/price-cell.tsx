import { memo, useEffect, useRef } from 'react'
import styles from './markets.module.css'

export type CellSide = 'back' | 'lay'

export interface PriceCellProps {
  side: CellSide
  /** 0 for the best price; the 2nd and 3rd best are left out on narrow screens. */
  index: number
  /** Main line (odds, rate or runs) and the small line under it (size or rate). */
  main: string
  sub: string
  /** Flash when these change (betting §4: 300 ms). */
  price: number
  size: number
  disabled: boolean
  /**
   * Whom the cell is for ('Back India'). Its name adds the figures it shows, so a person who
   * speaks the visible text to press it is understood (WCAG 2.5.3, label in name).
   */
  label: string
  /**
   * One handler for every cell of a row, told which cell was pressed, so it stays the same
   * function across price ticks and a tick re-renders only the cells whose numbers moved.
   */
  onPress?: (side: CellSide, index: number) => void
}

const FLASHES = [styles.flash, styles.flashAgain] as string[]

/**
 * One odds cell. The 300 ms flash is a class set on the DOM node, so a price tick costs one
 * render of this cell and no second render to clear the flash. Two classes with the same
 * animation under different names take turns: switching the animation name restarts it when
 * two changes come within 300 ms, without forcing a layout to do so.
 */
export const PriceCell = memo(function PriceCell({
  side,
  index,
  main,
  sub,
  price,
  size,
  disabled,
  label,
  onPress,
}: PriceCellProps) {
  const ref = useRef<HTMLButtonElement>(null)
  const flashes = useRef(0)
  // biome-ignore lint/correctness/useExhaustiveDependencies: the flash is triggered by price and size changes only
  useEffect(() => {
    const node = ref.current
    const turn = flashes.current++
    if (!node || turn === 0) return
    node.classList.remove(FLASHES[turn % 2] as string)
    node.classList.add(FLASHES[(turn + 1) % 2] as string)
  }, [price, size])
  return (
    <button
      ref={ref}
      type="button"
      className={`${styles.cell} ${styles[side]} ${index > 0 ? styles.outer : ''}`}
      disabled={disabled}
      aria-label={[label, main, sub].filter(Boolean).join(' ')}
      onClick={onPress ? () => onPress(side, index) : undefined}
    >
      <span className={styles.cellMain}>{main}</span>
      {/* The space is not drawn between flex items, but the text reads "1.48 16,546", as the name does. */}
      {sub ? (
        <>
          {' '}
          <span className={styles.cellSub}>{sub}</span>
        </>
      ) : null}
    </button>
  )
})
