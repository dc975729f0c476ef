import type { FeedStatus, ReplayReport } from '@backlay/contract/feed-report'
import { useTranslation } from 'react-i18next'
import { formatTime } from '../../../lib/format'
import { useFeedStatus } from '../api/feed'

const count = new Intl.NumberFormat('en-IN')

/** How far a replay has got, as a share of its files' stored bytes. */
const shareRead = (replay: ReplayReport) =>
  replay.bytes === 0 ? 100 : Math.floor((100 * replay.bytesRead) / replay.bytes)

function ReplayProgress({ replay }: { replay: ReplayReport }) {
  const { t } = useTranslation()
  const skipped = Object.entries(replay.skipped).sort(([, a], [, b]) => b - a)
  const percent = shareRead(replay)
  return (
    <div className="card">
      <h2>{t('feed.replay.title')}</h2>
      <progress
        className="feed-progress"
        max={100}
        value={percent}
        aria-label={t('feed.replay.progress')}
      />
      <dl className="facts">
        <dt>{t('feed.replay.progress')}</dt>
        <dd>{t('feed.replay.percent', { percent })}</dd>
        <dt>{t('feed.replay.files')}</dt>
        <dd>{count.format(replay.files)}</dd>
        <dt>{t('feed.replay.markets')}</dt>
        <dd>{count.format(replay.markets)}</dd>
        <dt>{t('feed.replay.lines')}</dt>
        <dd>{count.format(replay.lines)}</dd>
      </dl>
      <h3>{t('feed.replay.skipped')}</h3>
      {skipped.length === 0 ? (
        <p className="muted">{t('feed.replay.noneSkipped')}</p>
      ) : (
        <table className="grid">
          <thead>
            <tr>
              <th>{t('feed.replay.reason')}</th>
              <th className="num">{t('feed.replay.lines')}</th>
            </tr>
          </thead>
          <tbody>
            {skipped.map(([reason, lines]) => (
              <tr key={reason}>
                <td>
                  <code>{reason}</code>
                </td>
                <td className="num">{count.format(lines)}</td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
    </div>
  )
}

function FeedFacts({ feed }: { feed: FeedStatus }) {
  const { t } = useTranslation()
  return (
    <div className="card">
      <dl className="facts">
        <dt>{t('feed.kind')}</dt>
        <dd>{t(`feed.kinds.${feed.kind}`)}</dd>
        <dt>{t('feed.source')}</dt>
        <dd>
          <code>{feed.source}</code>
        </dd>
        <dt>{t('feed.state')}</dt>
        <dd>
          <span className="badge">{t(`feed.states.${feed.state}`)}</span>
        </dd>
        <dt>{feed.replay ? t('feed.replayClock') : t('feed.lastMessage')}</dt>
        <dd>
          {feed.lastMessageAt === null
            ? t('feed.never')
            : formatTime(new Date(feed.lastMessageAt).toISOString())}
        </dd>
        <dt>{t('feed.lag')}</dt>
        <dd>
          {feed.lagSeconds === null
            ? t('feed.noLag')
            : t('feed.seconds', { seconds: Math.max(0, Math.round(feed.lagSeconds)) })}
        </dd>
        <dt>{t('feed.openMarkets')}</dt>
        <dd>{count.format(feed.openMarkets)}</dd>
      </dl>
    </div>
  )
}

/** Where prices come from and how they arrive: the operator's first look when markets go quiet. */
export function FeedPage() {
  const { t } = useTranslation()
  const feed = useFeedStatus()
  const data = feed.data?.data
  return (
    <section>
      <header className="page-head">
        <h1>{t('feed.title')}</h1>
      </header>
      {feed.isPending && <p className="muted">{t('shell.loading')}</p>}
      {feed.error && (
        <p role="alert" className="error">
          {feed.error.message}
        </p>
      )}
      {data === null && <p>{t('feed.off')}</p>}
      {data && <FeedFacts feed={data} />}
      {data?.replay && <ReplayProgress replay={data.replay} />}
    </section>
  )
}
