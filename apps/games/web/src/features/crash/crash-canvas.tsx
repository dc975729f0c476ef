import { useEffect, useRef } from 'react'
import { GROWTH_PER_MS } from '../../../../src/crash/curve'
import { t } from '../../lib/i18n'

// Drawn unrounded so the line is smooth; the readout shows the settled hundredths.
const curve = (ms: number) => 100 * Math.exp(GROWTH_PER_MS * ms)

/** Draws the curve up to `elapsedMs`; the plane sits at its tip, red once crashed. */
export const CrashCanvas = ({ elapsedMs, crashed }: { elapsedMs: number; crashed: boolean }) => {
  const ref = useRef<HTMLCanvasElement>(null)
  useEffect(() => {
    const canvas = ref.current
    const ctx = canvas?.getContext('2d')
    if (!canvas || !ctx) return
    const ratio = window.devicePixelRatio || 1
    const { width, height } = canvas.getBoundingClientRect()
    canvas.width = width * ratio
    canvas.height = height * ratio
    ctx.scale(ratio, ratio)
    ctx.clearRect(0, 0, width, height)
    const pad = 28
    const spanMs = Math.max(10_000, elapsedMs * 1.15)
    const top = Math.max(200, curve(elapsedMs) * 1.2)
    const x = (ms: number) => pad + (ms / spanMs) * (width - pad * 2)
    const y = (m: number) => height - pad - ((m - 100) / (top - 100)) * (height - pad * 2)

    ctx.strokeStyle = 'rgba(255,255,255,0.08)'
    ctx.fillStyle = 'rgba(255,255,255,0.45)'
    ctx.font = '11px system-ui'
    for (let m = 100; m <= top; m += Math.max(50, Math.round((top - 100) / 4 / 50) * 50)) {
      ctx.beginPath()
      ctx.moveTo(pad, y(m))
      ctx.lineTo(width - pad, y(m))
      ctx.stroke()
      ctx.fillText(`${(m / 100).toFixed(1)}×`, 2, y(m) + 4)
    }
    if (elapsedMs <= 0) return
    const colour = crashed ? '#ff4d5e' : '#ffb547'
    const gradient = ctx.createLinearGradient(0, height, 0, 0)
    gradient.addColorStop(0, 'rgba(255,181,71,0)')
    gradient.addColorStop(1, crashed ? 'rgba(255,77,94,0.35)' : 'rgba(255,181,71,0.35)')
    ctx.beginPath()
    ctx.moveTo(x(0), y(100))
    const steps = 120
    for (let i = 1; i <= steps; i++) {
      const ms = (elapsedMs * i) / steps
      ctx.lineTo(x(ms), y(curve(ms)))
    }
    ctx.lineTo(x(elapsedMs), y(100))
    ctx.closePath()
    ctx.fillStyle = gradient
    ctx.fill()
    ctx.beginPath()
    ctx.moveTo(x(0), y(100))
    for (let i = 1; i <= steps; i++) {
      const ms = (elapsedMs * i) / steps
      ctx.lineTo(x(ms), y(curve(ms)))
    }
    ctx.strokeStyle = colour
    ctx.lineWidth = 4
    ctx.stroke()
    ctx.font = '30px system-ui'
    ctx.fillStyle = colour
    ctx.fillText('✈', x(elapsedMs) - 12, y(curve(elapsedMs)) - 4)
  }, [elapsedMs, crashed])
  return <canvas ref={ref} className="crash-canvas" role="img" aria-label={t('crash.curve')} />
}
