import { useEffect, useState } from 'react'
import { t } from '../../lib/i18n'
import { navigate } from '../../lib/router'
import { api, setSession } from '../../lib/session'

type Opened = { sessionId: string; displayName: string; balance: number }

/** Exchanges the one-time launch token for a session, then drops the token from the address bar. */
export const LaunchPage = () => {
  const [error, setError] = useState<string>()
  useEffect(() => {
    const query = new URLSearchParams(location.search)
    const token = query.get('token') ?? ''
    const game = query.get('game') ?? 'lobby'
    history.replaceState(null, '', '/launch')
    void api<Opened>('/api/session', { token, game }).then((answer) => {
      if (!answer.status) {
        setError(
          answer.code === 'CASINO_WALLET.UNREACHABLE'
            ? t('launch.unavailable')
            : t('launch.expired'),
        )
        return
      }
      setSession(answer.data.sessionId, answer.data)
      const lobby = new URLSearchParams()
      for (const key of ['group', 'provider']) {
        const value = query.get(key)
        if (value) lobby.set(key, value)
      }
      navigate(game === 'lobby' ? `/lobby?${lobby}` : `/play/${game}`, true)
    })
  }, [])
  return <p className={error ? 'notice notice-error' : 'notice'}>{error ?? t('launch.opening')}</p>
}
