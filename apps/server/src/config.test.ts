import { describe, expect, it } from 'vitest'
import { loadConfig } from './config'

describe('loadConfig', () => {
  it('takes every server of a NATS cluster in NATS_URL, and refuses what is not a URL', () => {
    const cluster = { DATABASE_URL: 'postgres://db/backlay' }
    const servers = 'nats://10.0.0.1:4222, nats://10.0.0.2:4222,nats://10.0.0.3:4222'
    expect(loadConfig({ ...cluster, NATS_URL: servers }).NATS_URL).toBe(servers)
    expect(() => loadConfig({ ...cluster, NATS_URL: 'nats://10.0.0.1:4222,not a url' })).toThrow(
      /NATS_URL takes URLs, comma-separated/,
    )
  })

  it('keeps the simulator the default feed', () => {
    expect(loadConfig({}).FEED).toBe('simulator')
  })

  it('asks for the Betfair credentials the stream feed needs, naming each one', () => {
    expect(() => loadConfig({ FEED: 'betfair-stream', BETFAIR_SESSION_TOKEN: 'token' })).toThrow(
      /BETFAIR_APP_KEY: required when FEED=betfair-stream/,
    )
    // Without a token, the certificate login's four settings are needed instead.
    expect(() =>
      loadConfig({ FEED: 'betfair-stream', BETFAIR_APP_KEY: 'key', BETFAIR_USERNAME: 'me' }),
    ).toThrow(
      /BETFAIR_PASSWORD: required when FEED=betfair-stream has no BETFAIR_SESSION_TOKEN\n {2}BETFAIR_CERT_FILE: .*\n {2}BETFAIR_KEY_FILE: /,
    )
    expect(
      loadConfig({
        FEED: 'betfair-stream',
        BETFAIR_APP_KEY: 'key',
        BETFAIR_USERNAME: 'me',
        BETFAIR_PASSWORD: 'secret',
        BETFAIR_CERT_FILE: 'client.crt',
        BETFAIR_KEY_FILE: 'client.key',
      }).BETFAIR_LOGIN_URL,
    ).toBe('https://identitysso-cert.betfair.com/api/certlogin')
    const c = loadConfig({
      FEED: 'betfair-stream',
      BETFAIR_APP_KEY: 'key',
      BETFAIR_SESSION_TOKEN: 'token',
      BETFAIR_COUNTRY_CODES: 'GB, IE,',
    })
    expect([c.BETFAIR_FEED_STREAM_HOST, c.BETFAIR_FEED_STREAM_PORT]).toEqual([
      'stream-api.betfair.com',
      443,
    ])
    expect(c.BETFAIR_EVENT_TYPE_IDS).toEqual(['4', '1', '2', '7', '4339'])
    expect(c.BETFAIR_MARKET_TYPES).toEqual(['MATCH_ODDS', 'WIN'])
    expect(c.BETFAIR_COUNTRY_CODES).toEqual(['GB', 'IE'])
  })

  it('asks for the files a replay plays, and reads its pace and shift', () => {
    expect(() => loadConfig({ FEED: 'betfair-replay' })).toThrow(
      /FEED_REPLAY_FILES: required when FEED=betfair-replay/,
    )
    const c = loadConfig({
      FEED: 'betfair-replay',
      FEED_REPLAY_FILES: 'a.jsonl,races/',
      FEED_REPLAY_SPEED: '60',
      FEED_REPLAY_SHIFT: '0',
    })
    expect([c.FEED_REPLAY_FILES, c.FEED_REPLAY_SPEED, c.FEED_REPLAY_SHIFT]).toEqual([
      ['a.jsonl', 'races/'],
      60,
      false,
    ])
    expect(() => loadConfig({ FEED_REPLAY_SPEED: '-1' })).toThrow(/FEED_REPLAY_SPEED/)
  })

  it('reads per-sport values of the last-traded quote: a value, then sport=value exceptions', () => {
    expect(loadConfig({}).FEED_LTP_SPREAD_TICKS).toEqual({
      fallback: 2,
      bySport: { '7': 4, '4339': 4 },
    })
    expect(loadConfig({ FEED_LTP_DEPTH: ' 5 , 4=2 ' }).FEED_LTP_DEPTH).toEqual({
      fallback: 5,
      bySport: { '4': 2 },
    })
    expect(() => loadConfig({ FEED_LTP_SIZE: '7=100' })).toThrow(/FEED_LTP_SIZE: give a value/)
    expect(() => loadConfig({ FEED_LTP_SPREAD_TICKS: '0' })).toThrow(/at least 1/)
    expect(() => loadConfig({ FEED_LTP_DEPTH: '2,7=x' })).toThrow(/7=x/)
  })

  it('serves TLS only with both files, never with stream workers, and frames only https games', () => {
    expect(() => loadConfig({ TLS_CERT_FILE: 'site.crt' })).toThrow(
      /TLS_KEY_FILE: TLS needs both TLS_CERT_FILE and TLS_KEY_FILE/,
    )
    expect(() => loadConfig({ TLS_KEY_FILE: 'site.key' })).toThrow(/TLS_CERT_FILE: TLS needs both/)
    expect(() =>
      loadConfig({ TLS_CERT_FILE: 'site.crt', TLS_KEY_FILE: 'site.key', STREAM_WORKERS: '2' }),
    ).toThrow(/STREAM_WORKERS: stream workers take over plain sockets/)
    expect(() =>
      loadConfig({
        TLS_CERT_FILE: 'site.crt',
        TLS_KEY_FILE: 'site.key',
        GAMES_ORIGIN: 'http://games.example',
      }),
    ).toThrow(/GAMES_ORIGIN: an https page cannot frame games from plain http/)
    expect(
      loadConfig({
        TLS_CERT_FILE: 'site.crt',
        TLS_KEY_FILE: 'site.key',
        GAMES_ORIGIN: 'https://games.example',
      }).GAMES_ORIGIN,
    ).toBe('https://games.example')
    const c = loadConfig({ TLS_CERT_FILE: 'site.crt', TLS_KEY_FILE: ' site.key ' })
    expect([c.TLS_CERT_FILE, c.TLS_KEY_FILE]).toEqual(['site.crt', 'site.key'])
  })
})
