import { execFileSync } from 'node:child_process'
import { copyFileSync, mkdtempSync, readFileSync, symlinkSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { fileURLToPath } from 'node:url'
import { gzipSync } from 'node:zlib'
import pino from 'pino'
import { describe, expect, it } from 'vitest'
import { type Recorded, RecordingReader } from './recording'

const SAMPLE = fileURLToPath(new URL('../../../feed-samples/betfair-sample.jsonl', import.meta.url))
const silent = pino({ level: 'silent' })

/** Every message the reader gives, in its order. */
async function drain(paths: readonly string[]): Promise<Recorded[]> {
  const reader = await RecordingReader.open(paths, silent)
  const out: Recorded[] = []
  for (let m = reader.peek(); m; m = reader.peek()) {
    out.push(m)
    await reader.advance()
  }
  return out
}

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
})
