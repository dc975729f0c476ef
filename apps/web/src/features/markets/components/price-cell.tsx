import { DELAY_MS } from '@backlay/contract/timing'
import { memo, useEffect, useRef } from 'react'
import styles from './markets.module.css'

export interface PriceCellProps {
  side: 'back' | 'lay'
  /** Main line (odds, rate or runs) and the small line under it (size or rate). */
  main: string
  sub: string
  /** Flash when these change (betting §4: 300 ms). */
  price: number
  size: number
  disabled: boolean
  /** Outer cells (2nd and 3rd best) are left out on narrow screens. */
  outer?: boolean
  label: string
  onClick?: () => void
}

/**
 * One odds cell. The 300 ms flash is a class toggled on the DOM node, so a price tick costs one
 * render of this cell and no second render to clear the flash.
 */
export const PriceCell = memo(function PriceCell({
  side,
  main,
  sub,
  price,
  size,
  disabled,
  outer,
  label,
  onClick,
}: PriceCellProps) {
  const ref = useRef<HTMLButtonElement>(null)
  const first = useRef(true)
  // biome-ignore lint/correctness/useExhaustiveDependencies: the flash is triggered by price and size changes only
  useEffect(() => {
    if (first.current) {
      first.current = false
      return
    }
    const node = ref.current
    if (!node) return
    node.classList.remove(styles.flash as string)
    // Reading layout restarts the animation when two changes come within 300 ms.
    void node.offsetWidth
    node.classList.add(styles.flash as string)
    const timer = setTimeout(
      () => node.classList.remove(styles.flash as string),
      DELAY_MS.oddsFlash,
    )
    return () => clearTimeout(timer)
  }, [price, size])
  return (
    <button
      ref={ref}
      type="button"
      className={`${styles.cell} ${styles[side]} ${outer ? styles.outer : ''}`}
      disabled={disabled}
      aria-label={label}
      onClick={onClick}
    >
      <span className={styles.cellMain}>{main}</span>
      {sub ? <span className={styles.cellSub}>{sub}</span> : null}
    </button>
  )
})
