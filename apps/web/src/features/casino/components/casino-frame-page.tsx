import { MSG } from '@backlay/contract/validation-messages'
import { useQueryClient } from '@tanstack/react-query'
import { useEffect, useState } from 'react'
import { useTranslation } from 'react-i18next'
import { useLocation, useNavigate } from 'react-router'
import { lazyNamed, OnceOpened } from '../../../lib/lazy-overlay'
import { translateMessage } from '../../../lib/messages'
import { showToast } from '../../../lib/toast'
import { useLoginUiStore } from '../../auth/stores/login-ui-store'
import { useSessionStore } from '../../auth/stores/session-store'
import { useLaunchUrl } from '../api/launch-url'
import {
  FRAME_EXTRA_HEIGHT,
  frameHeightFor,
  frameMessageOf,
  INITIAL_CONTENT_HEIGHT,
} from '../frame-protocol'
import { launchForPath } from '../launch-target'
import styles from './casino.module.css'

const SlotNotice = lazyNamed(() => import('./slot-notice'), 'SlotNotice')

/**
 * Shell §2 casino pages (lobby, live casino, table and live games, Indian casino and card games,
 * Aviator): the provider's page in a frame, launched through lotus/lobbyUrl or qtech/launchUrl.
 * Guests are sent home with the login dialog (the page is remembered for after login); demo users are refused.
 */
export function CasinoFramePage() {
  const { t } = useTranslation()
  const { pathname } = useLocation()
  const navigate = useNavigate()
  const isLogin = useSessionStore((s) => s.isLogin)
  const isDemo = useSessionStore((s) => s.user?.is_demo === true)
  const allowed = isLogin && !isDemo
  const launch = launchForPath(pathname)
  const launchUrl = useLaunchUrl(pathname, launch, allowed)
  const [agreedToPoints, setAgreedToPoints] = useState(false)
  const slots = pathname.startsWith('/casino-lobby/slot-games')

  useEffect(() => {
    if (!isLogin) {
      useLoginUiStore.getState().openLogin({ target: pathname })
      navigate('/', { replace: true })
    } else if (isDemo) {
      showToast({ type: 'error', message: translateMessage(t, MSG.demoRefused) })
      navigate('/', { replace: true })
    }
  }, [isLogin, isDemo, pathname, navigate, t])

  if (!allowed) return null
  if (!launch || launchUrl.isError) {
    return (
      <div className={styles.state} role="status">
        <p>{t('casino.failed')}</p>
        {launch ? (
          <button type="button" className={styles.retry} onClick={() => launchUrl.refetch()}>
            {t('casino.retry')}
          </button>
        ) : null}
      </div>
    )
  }
  if (!launchUrl.data) {
    return (
      <div
        className={styles.state}
        role="status"
        style={{ minHeight: INITIAL_CONTENT_HEIGHT + FRAME_EXTRA_HEIGHT }}
      >
        <p>{t('casino.opening')}</p>
      </div>
    )
  }
  return (
    <>
      <OnceOpened open={slots && !agreedToPoints}>
        <SlotNotice open={slots && !agreedToPoints} onAgree={() => setAgreedToPoints(true)} />
      </OnceOpened>
      <ProviderFrame key={launchUrl.data} src={launchUrl.data} title={t('casino.frameTitle')} />
    </>
  )
}

/** The provider's frame; resizes and balance refreshes only on messages from its exact origin. */
function ProviderFrame({ src, title }: { src: string; title: string }) {
  const queryClient = useQueryClient()
  const [height, setHeight] = useState(frameHeightFor(INITIAL_CONTENT_HEIGHT))
  const providerOrigin = new URL(src).origin

  useEffect(() => {
    const onMessage = (event: MessageEvent) => {
      const message = frameMessageOf(event, providerOrigin)
      if (message?.type === 'resize') setHeight(frameHeightFor(message.height))
      else if (message?.type === 'balance') {
        void queryClient.invalidateQueries({ queryKey: ['user', 'balance'] })
      }
    }
    window.addEventListener('message', onMessage)
    return () => window.removeEventListener('message', onMessage)
  }, [providerOrigin, queryClient])

  return (
    <iframe
      className={styles.frame}
      src={src}
      title={title}
      style={{ height }}
      allow="autoplay; fullscreen"
      referrerPolicy="no-referrer"
      data-testid="casino-frame"
    />
  )
}
