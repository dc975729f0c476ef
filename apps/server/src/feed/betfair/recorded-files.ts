import { createReadStream } from 'node:fs'
import { readdir, stat } from 'node:fs/promises'
import { join } from 'node:path'
import { createInterface } from 'node:readline'
import { PassThrough, pipeline, Readable, Transform } from 'node:stream'
import { createGunzip } from 'node:zlib'
import { extract } from 'tar-stream'
import unbzip2 from 'unbzip2-stream'

/** One recorded market's file: on disk, or a member of a tar as Betfair's downloads come. */
export interface RecordedFile {
  /** The path, or `<tar>:<member>`; its ending says how it is compressed. */
  name: string
  /** Bytes as stored (compressed). */
  size: number
  open(): Readable
}

const onDisk = (path: string, size: number): RecordedFile => ({
  name: path,
  size,
  open: () => createReadStream(path),
})

/**
 * The members of a tar (Betfair's historical download: `<year>/<month>/<day>/<event>/<market>.bz2`),
 * held compressed in memory: every market of the day is read side by side, in publish-time order,
 * and a tar can only be read front to back.
 */
async function membersOf(tar: string): Promise<RecordedFile[]> {
  const members: RecordedFile[] = []
  const reading = extract()
  reading.on('entry', (header, body, next) => {
    const chunks: Buffer[] = []
    body.on('data', (chunk: unknown) => chunks.push(chunk as Buffer))
    body.on('end', () => {
      if (header.type === 'file') {
        const bytes = Buffer.concat(chunks)
        members.push({
          name: `${tar}:${header.name}`,
          size: bytes.length,
          open: () => Readable.from([bytes]),
        })
      }
      next()
    })
    body.resume()
  })
  await new Promise<void>((resolve, reject) => {
    pipeline(createReadStream(tar), reading, (err) => (err ? reject(err) : resolve()))
  })
  return members.sort((a, b) => a.name.localeCompare(b.name))
}

/** The recorded files of a path: the file itself, a tar's members, or a folder's, in path order. */
export async function recordedFiles(path: string): Promise<RecordedFile[]> {
  const info = await stat(path)
  if (!info.isDirectory())
    return path.endsWith('.tar') ? membersOf(path) : [onDisk(path, info.size)]
  const entries = await readdir(path, { withFileTypes: true, recursive: true })
  const files = entries
    .filter((e) => e.isFile())
    .map((e) => join(e.parentPath, e.name))
    .sort()
  return (await Promise.all(files.map(recordedFiles))).flat()
}

/**
 * The file's lines, decompressed by its ending (.gz, .bz2), telling `onBytes` of each stored
 * chunk read. A failing read reaches the reader of the lines through `pipeline`, where `.pipe()`
 * left it unheard and the process ended. The last stage is a modern stream that `pipeline`
 * destroys with the error: unbzip2's older stream would just stop, and its reader wait.
 */
export function textOf(
  file: RecordedFile,
  onBytes: (bytes: number) => void,
): AsyncIterable<string> {
  const counted = new Transform({
    transform(chunk: Buffer, _encoding, done) {
      onBytes(chunk.length)
      done(null, chunk)
    },
  })
  const decompress = file.name.endsWith('.gz')
    ? createGunzip()
    : file.name.endsWith('.bz2')
      ? unbzip2()
      : new PassThrough()
  const text = pipeline(file.open(), counted, decompress, new PassThrough(), () => undefined)
  // Recorders end lines with \n or \r\n; both are one line break.
  return createInterface({ input: text, crlfDelay: Number.POSITIVE_INFINITY })
}
