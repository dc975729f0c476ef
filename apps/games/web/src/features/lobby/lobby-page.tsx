import { useEffect, useState } from 'react'
import { DOCUMENTED_RTP } from '../../../../src/slot/lotus-sevens'
import { type MessageKey, t } from '../../lib/i18n'
import { navigate, useLocation } from '../../lib/router'
import { api, usePlayer } from '../../lib/session'

type Game = { id: string; group: 'live' | 'slots' | 'indian'; provider: string; key: string }
type Catalogue = { games: Game[]; providers: string[] }

const GROUPS = ['live', 'slots', 'indian'] as const
const ART: Record<string, { glyph: string; className: string }> = {
  aviator: { glyph: '✈', className: 'tile-aviator' },
  'lotus-sevens': { glyph: '7', className: 'tile-slot' },
  'andar-bahar': { glyph: '♠', className: 'tile-cards' },
}

export const LobbyPage = () => {
  const location = useLocation()
  const query = new URLSearchParams(location.split('?')[1] ?? '')
  const provider = query.get('provider') ?? undefined
  const player = usePlayer()
  const [catalogue, setCatalogue] = useState<Catalogue>()
  useEffect(() => {
    void api<Catalogue>('/api/catalogue').then((a) => a.status && setCatalogue(a.data))
  }, [])
  const setProvider = (p?: string) =>
    navigate(
      p ? `/lobby?group=slots&provider=${encodeURIComponent(p)}` : '/lobby?group=slots',
      true,
    )

  return (
    <div className="lobby">
      {!player && <p className="notice">{t('shell.noSession')}</p>}
      {GROUPS.map((group) => {
        const games = (catalogue?.games ?? []).filter(
          (g) => g.group === group && (group !== 'slots' || !provider || g.provider === provider),
        )
        return (
          <section key={group} className="lobby-group" aria-labelledby={`group-${group}`}>
            <h2 id={`group-${group}`}>{t(`lobby.${group}`)}</h2>
            {group === 'slots' && catalogue && (
              <fieldset className="chips" aria-label={t('lobby.slots')}>
                <button
                  type="button"
                  className={!provider ? 'chip chip-on' : 'chip'}
                  onClick={() => setProvider()}
                >
                  {t('lobby.all')}
                </button>
                {catalogue.providers.map((p) => (
                  <button
                    key={p}
                    type="button"
                    className={provider === p ? 'chip chip-on' : 'chip'}
                    onClick={() => setProvider(p)}
                  >
                    {p}
                  </button>
                ))}
              </fieldset>
            )}
            {games.length === 0 && catalogue && provider && group === 'slots' ? (
              <p className="empty">{t('lobby.emptyProvider', { provider })}</p>
            ) : (
              <div className="tiles">
                {games.map((game) => (
                  <button
                    key={game.id}
                    type="button"
                    className={`tile ${ART[game.id]?.className ?? ''}`}
                    onClick={() => navigate(`/play/${game.id}`)}
                  >
                    <span className="tile-glyph" aria-hidden="true">
                      {ART[game.id]?.glyph}
                    </span>
                    <span className="tile-text">
                      <span className="tile-title">
                        {t(`games.${game.key}Title` as MessageKey)}
                      </span>
                      <span className="tile-tag">
                        {t(`games.${game.key}Tag` as MessageKey, {
                          rtp: `${(DOCUMENTED_RTP * 100).toFixed(2)}%`,
                        })}
                      </span>
                      <span className="tile-provider">{game.provider}</span>
                    </span>
                    <span className="tile-play">{t('lobby.play')}</span>
                  </button>
                ))}
              </div>
            )}
          </section>
        )
      })}
    </div>
  )
}
