/** What a bundle hook sees of an output file; chunks list the files they import statically. */
export type BundleFile = { type: 'asset' } | { type: 'chunk'; imports: string[] }

/** `starts` and everything reachable from them through `next`, added to `into`. */
export function reachable(
  starts: Iterable<string>,
  next: (id: string) => Iterable<string>,
  into = new Set<string>(),
): Set<string> {
  const visit = (id: string) => {
    if (into.has(id)) return
    into.add(id)
    for (const n of next(id)) visit(n)
  }
  for (const id of starts) visit(id)
  return into
}

/** The chunks `starts` need before they run: themselves and their static imports, transitively. */
export const chunkClosure = (bundle: Record<string, BundleFile>, starts: Iterable<string>) =>
  reachable(starts, (name) => {
    const file = bundle[name]
    return file?.type === 'chunk' ? file.imports : []
  })
