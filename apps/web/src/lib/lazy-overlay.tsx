import { type ComponentType, lazy, type ReactNode, Suspense, useState } from 'react'

/**
 * `lazyNamed(() => import('./x'), 'X')`: component X, its module fetched when it first renders,
 * or earlier by `preload()` when it is known to be wanted.
 */
export const lazyNamed = <
  // biome-ignore lint/suspicious/noExplicitAny: any component type, whatever its props
  M extends Record<K, ComponentType<any>>,
  K extends keyof M & string,
>(
  load: () => Promise<M>,
  name: K,
) =>
  Object.assign(
    lazy(async () => ({ default: (await load())[name] })),
    { preload: load },
  )

/**
 * Renders its (lazy) children from the first time `open` is true: a dialog's code, forms and
 * libraries arrive when a player first asks for it, not with the first screen. It then stays
 * mounted, so it can play its closing animation and open again at once.
 */
export function OnceOpened({ open, children }: { open: boolean; children: ReactNode }) {
  const [opened, setOpened] = useState(open)
  if (open && !opened) setOpened(true)
  return opened ? <Suspense fallback={null}>{children}</Suspense> : null
}
