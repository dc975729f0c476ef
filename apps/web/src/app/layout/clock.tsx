import { DELAY_MS } from '@backlay/contract/timing'
import { useEffect, useState } from 'react'
import { useTranslation } from 'react-i18next'
import { useUtcOffset } from '../../features/account/stores/time-zone-store'
import { formatClock } from '../../lib/format'

/** Shell §2: the header clock shows date and time, ticking each second. */
export function Clock({ className }: { className?: string }) {
  const { t } = useTranslation()
  const offset = useUtcOffset()
  const [now, setNow] = useState(() => new Date())
  useEffect(() => {
    const id = setInterval(() => setNow(new Date()), DELAY_MS.clockTick)
    return () => clearInterval(id)
  }, [])
  return (
    <time className={className} dateTime={now.toISOString()} title={t('shell.clock')}>
      {formatClock(now, offset)}
    </time>
  )
}
