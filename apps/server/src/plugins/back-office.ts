import { existsSync, readdirSync, readFileSync } from 'node:fs'
import { extname, join, relative, sep } from 'node:path'
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify'

const CONTENT_TYPES: Record<string, string> = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.json': 'application/json; charset=utf-8',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.ico': 'image/x-icon',
  '.webmanifest': 'application/manifest+json',
  '.woff2': 'font/woff2',
}

function filesUnder(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) =>
    entry.isDirectory() ? filesUnder(join(dir, entry.name)) : [join(dir, entry.name)],
  )
}

/**
 * Serves the built back office under the prefix it is registered with (/backoffice). The console
 * is a few hundred kilobytes, so it is read into memory once at start: its files then never wait
 * behind the database for the file-system thread pool, which on a busy machine stalled them.
 * Encapsulated (not fastify-plugin), so its index.html fallback stays under its prefix.
 */
export async function backOfficePlugin(app: FastifyInstance, opts: { distDir: string }) {
  if (!existsSync(join(opts.distDir, 'index.html'))) {
    if (app.config.NODE_ENV === 'production')
      app.log.warn({ distDir: opts.distDir }, 'no built back office found; not serving it')
    return
  }
  const files = new Map(
    filesUnder(opts.distDir).map((file) => [
      relative(opts.distDir, file).split(sep).join('/'),
      {
        body: readFileSync(file),
        type: CONTENT_TYPES[extname(file)] ?? 'application/octet-stream',
      },
    ]),
  )
  const index = files.get('index.html')
  if (!index) return

  // Deep links (/backoffice/markets/…) get index.html, whose router takes over.
  const serve = async (request: FastifyRequest, reply: FastifyReply) => {
    const path = (request.params as { '*'?: string })['*'] ?? ''
    const file = files.get(path)
    if (!file) return reply.type(index.type).header('cache-control', 'no-cache').send(index.body)
    // Built assets carry their content hash in the name, so they never change under one URL.
    const cache = path.startsWith('assets/') ? 'public, max-age=31536000, immutable' : 'no-cache'
    return reply.type(file.type).header('cache-control', cache).send(file.body)
  }
  app.get('/', serve)
  app.get('/*', serve)
}
