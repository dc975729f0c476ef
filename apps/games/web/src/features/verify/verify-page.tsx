import { useEffect, useState } from 'react'
import { crashPoint, isInChain } from '../../../../src/crash/fair'
import { t, times } from '../../lib/i18n'
import { api } from '../../lib/session'

type Fairness = { salt: string; terminatingHash: string; chainLength: number }
type Verdict = { gameNumber: number; hash: string; crashPoint: number; inChain: boolean }

/** Recomputes a revealed round in the browser with Web Crypto, from the published values only. */
export const VerifyPage = () => {
  const [fairness, setFairness] = useState<Fairness>()
  const [game, setGame] = useState(new URLSearchParams(location.search).get('game') ?? '')
  const [busy, setBusy] = useState(false)
  const [verdict, setVerdict] = useState<Verdict>()
  const [error, setError] = useState<string>()

  useEffect(() => {
    void api<Fairness>('/api/crash/fairness').then((a) => a.status && setFairness(a.data))
  }, [])

  const verify = async () => {
    if (!fairness) return
    setBusy(true)
    setError(undefined)
    setVerdict(undefined)
    const gameNumber = Number(game)
    const round = await api<{ hash: string }>(`/api/crash/rounds/${gameNumber}`)
    if (!round.status) {
      setBusy(false)
      return setError(t('verify.notRevealed'))
    }
    const { hash } = round.data
    setVerdict({
      gameNumber,
      hash,
      crashPoint: await crashPoint(hash, fairness.salt),
      inChain: await isInChain(hash, gameNumber, fairness.terminatingHash),
    })
    setBusy(false)
  }

  return (
    <div className="verify panel">
      <h1>{t('verify.title')}</h1>
      <p className="small">{t('verify.explain')}</p>
      {fairness && (
        <dl className="fair-values">
          <dt>{t('crash.terminating')}</dt>
          <dd>{fairness.terminatingHash}</dd>
          <dt>{t('crash.salt')}</dt>
          <dd>{fairness.salt}</dd>
        </dl>
      )}
      <form
        className="verify-form"
        onSubmit={(e) => {
          e.preventDefault()
          void verify()
        }}
      >
        <label>
          {t('verify.gameNumber')}
          <input inputMode="numeric" value={game} onChange={(e) => setGame(e.target.value)} />
        </label>
        <button type="submit" className="action" disabled={busy || !fairness}>
          {busy ? t('verify.checking') : t('verify.check')}
        </button>
      </form>
      {error && <p className="status-line">{error}</p>}
      {verdict && (
        <dl className="fair-values">
          <dt>#{verdict.gameNumber}</dt>
          <dd>{verdict.hash}</dd>
          <dt>{t('verify.crashPoint')}</dt>
          <dd className="big">{times(verdict.crashPoint)}</dd>
          <dt>✓</dt>
          <dd className={verdict.inChain ? 'ok' : 'bad'}>
            {verdict.inChain ? t('verify.inChain') : t('verify.notInChain')}
          </dd>
        </dl>
      )}
    </div>
  )
}
