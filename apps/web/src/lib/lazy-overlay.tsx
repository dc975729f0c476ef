import {
  type ComponentProps,
  type ComponentType,
  lazy,
  type ReactNode,
  Suspense,
  useState,
} from 'react'

/** What a controlled dialog takes: whether it is open, and how it asks to open or close. */
export interface DialogState {
  open: boolean
  onOpenChange: (open: boolean) => void
}

/**
 * `lazyNamed(() => import('./x'), 'X')`: component X, its module fetched when it first renders,
 * or earlier by `preload()` when it is known to be wanted.
 *
 * Once preloaded, X renders at once. React.lazy alone would still suspend on its first render and
 * show the fallback, and React holds a fallback for 300 ms before revealing what replaces it: a
 * page whose code and data were in before the first render would appear that much later.
 */
export const lazyNamed = <
  // biome-ignore lint/suspicious/noExplicitAny: any component type, whatever its props
  M extends Record<K, ComponentType<any>>,
  K extends keyof M & string,
>(
  load: () => Promise<M>,
  name: K,
) => {
  let loaded: M[K] | undefined
  const preload = () =>
    load().then((module) => {
      loaded = module[name]
      return module
    })
  const Lazy = lazy(async () => ({ default: (await preload())[name] }))
  function LazyNamed(props: ComponentProps<M[K]>) {
    // Chosen once per mount: switching from the lazy wrapper to X would remount the page.
    const [Component] = useState(() => loaded ?? Lazy)
    return <Component {...props} />
  }
  return Object.assign(LazyNamed, { preload })
}

/**
 * Renders its (lazy) children from the first time `open` is true: a dialog's code, forms and
 * libraries arrive when a player first asks for it, not with the first screen, and a page does
 * not mount dialogs nobody opened (each closed Radix dialog updates itself once as it mounts,
 * which lengthens the page's first commit). It then stays mounted, so it can play its closing
 * animation and open again at once.
 */
export function OnceOpened({ open, children }: { open: boolean; children: ReactNode }) {
  const [opened, setOpened] = useState(open)
  if (open && !opened) setOpened(true)
  return opened ? <Suspense fallback={null}>{children}</Suspense> : null
}

/**
 * A button that opens a dialog, usually a lazy one: `dialog` draws it from its state, from the
 * first time the button is pressed (see OnceOpened).
 */
export function DialogButton({
  dialog,
  onClick,
  ...button
}: Omit<ComponentProps<'button'>, 'type'> & { dialog: (state: DialogState) => ReactNode }) {
  const [open, setOpen] = useState(false)
  return (
    <>
      <button
        type="button"
        aria-haspopup="dialog"
        aria-expanded={open}
        {...button}
        onClick={(event) => {
          onClick?.(event)
          setOpen(true)
        }}
      />
      <OnceOpened open={open}>{dialog({ open, onOpenChange: setOpen })}</OnceOpened>
    </>
  )
}
