import { execFileSync } from 'node:child_process'
import {
  copyFileSync,
  mkdirSync,
  mkdtempSync,
  readFileSync,
  symlinkSync,
  writeFileSync,
} from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { fileURLToPath } from 'node:url'
import { gzipSync } from 'node:zlib'
import pino from 'pino'
import { describe, expect, it } from 'vitest'
import { recording } from '../../test/betfair-recordings'
import { type Recorded, RecordingReader } from './recording'

const SAMPLE = fileURLToPath(new URL('../../../feed-samples/betfair-sample.jsonl', import.meta.url))
const silent = pino({ level: 'silent' })

/** Every message the reader gives, in its order, and its report at the end. */
async function read(paths: readonly string[]) {
  const reader = await RecordingReader.open(paths, silent)
  const messages: Recorded[] = []
  for (let m = reader.peek(); m; m = reader.peek()) {
    messages.push(m)
    await reader.advance()
  }
  return { messages, report: reader.report }
}
const drain = async (paths: readonly string[]) => (await read(paths)).messages

const mcm = (pt: number, marketId: string) =>
  JSON.stringify({ op: 'mcm', pt, clk: String(pt), mc: [{ id: marketId }] })

describe('RecordingReader', () => {
  it('reads plain, gzip and bzip2 files and folders alike', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'backlay-replay-'))
    const plain = await drain([SAMPLE])
    writeFileSync(join(dir, 'sample.jsonl.gz'), gzipSync(readFileSync(SAMPLE)))
    copyFileSync(SAMPLE, join(dir, 'sample.jsonl'))
    execFileSync('bzip2', ['-k', join(dir, 'sample.jsonl')])
    expect(plain).toHaveLength(15)
    expect(await drain([join(dir, 'sample.jsonl.gz')])).toEqual(plain)
    expect(await drain([join(dir, 'sample.jsonl.bz2')])).toEqual(plain)
    expect(await drain([dir])).toHaveLength(45)
  })

  it('merges one-market files in publish-time order, the earlier file first on a tie', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'backlay-merge-'))
    writeFileSync(join(dir, 'a.jsonl'), [mcm(1, '1.a'), mcm(5, '1.a'), mcm(9, '1.a')].join('\r\n'))
    writeFileSync(
      join(dir, 'b.jsonl'),
      [mcm(2, '1.b'), '{not json', mcm(5, '1.b'), mcm(6, '1.b')].join('\r\n'),
    )
    const order = (await drain([dir])).map((m) => `${m.pt}:${m.op === 'mcm' ? m.mc?.[0]?.id : ''}`)
    expect(order).toEqual(['1:1.a', '2:1.b', '5:1.a', '5:1.b', '6:1.b', '9:1.a'])
  })

  // Reading a process's own memory from its start fails (EIO): a file that breaks as it is read.
  it.each(['plain.jsonl', 'gzip.jsonl.gz', 'bzip2.jsonl.bz2'])(
    'refuses a %s file that fails as it is read, without ending the process',
    async (name) => {
      const file = join(mkdtempSync(join(tmpdir(), 'backlay-unreadable-')), name)
      symlinkSync('/proc/self/mem', file)
      await expect(drain([file])).rejects.toMatchObject({ code: 'EIO' })
    },
  )

  it("replays a tar of Betfair's historical layout, several .bz2 markets of one day in one go", async () => {
    // The greyhound race's WIN and PLACE markets (recorded by flumine), laid out as Betfair's
    // download has them: <year>/<month>/<day>/<event>/<market>.bz2
    const dir = mkdtempSync(join(tmpdir(), 'backlay-tar-'))
    const day = join(dir, '2022', 'Apr', '19', '31389771')
    mkdirSync(day, { recursive: true })
    for (const market of ['1.197931750', '1.197931751']) {
      copyFileSync(recording(`SELF-${market}`), join(day, market))
      execFileSync('bzip2', [join(day, market)])
    }
    const tar = join(dir, 'greyhounds-2022-04-19.tar')
    execFileSync('tar', ['-cf', tar, '-C', dir, '2022'])

    const { messages, report } = await read([tar])
    const markets = new Set(
      messages.flatMap((m) => (m.op === 'mcm' ? (m.mc ?? []) : [])).map((mc) => mc.id),
    )
    expect(markets).toEqual(new Set(['1.197931750', '1.197931751']))
    expect(messages.map((m) => m.pt)).toEqual(messages.map((m) => m.pt).toSorted((a, b) => a - b))
    expect(report).toMatchObject({ files: 2, lines: 332, markets: 2, skipped: {}, finished: true })
    expect(report.bytesRead).toBe(report.bytes)
  })

  it('reads what recorders write: clk null, spaces, \\r\\n, heartbeats and status lines; counts what it cannot', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'backlay-recorder-'))
    const file = join(dir, '1.164917629')
    // betfairlightweight's recording: "clk": null on every line and spaces after the colons.
    const lines = readFileSync(recording('SELF-1.164917629'), 'utf8').trim().split('\n')
    expect(lines[0]).toMatch(/^\{"op": "mcm", "clk": null, /)
    writeFileSync(
      file,
      [
        '{"op":"connection","connectionId":"002-051134157842-432409"}',
        '{"op":"status","id":1,"statusCode":"SUCCESS","connectionClosed":false}',
        ...lines.slice(0, 10),
        '{"op":"mcm","id":2,"clk":"AAAAAAAA","pt":1573466200000,"ct":"HEARTBEAT"}',
        ...lines.slice(10),
        '{"op":"mcm","pt":"late","mc":[]}',
        '{"op":"rcm","pt":1573466200000,"rc":[]}',
        '',
      ].join('\r\n'),
    )
    const { messages, report } = await read([file])
    expect(messages.filter((m) => m.op === 'mcm' && m.mc?.length)).toHaveLength(lines.length)
    expect(report).toMatchObject({
      files: 1,
      lines: lines.length + 5,
      markets: 1,
      skipped: {
        'pt: Invalid input: expected number, received string': 1,
        'op rcm is not read': 1,
      },
      finished: true,
    })
  })
})
