import { TOAST_MS } from '@backlay/contract/timing'
import type { Id, ToastOptions } from 'react-toastify'
import { create } from 'zustand'

/** Shell §3 toast types. */
export type ToastType = 'light' | 'message' | 'info' | 'success' | 'warning' | 'error'

export interface ToastInput {
  type: ToastType
  message: string
  title?: string
  /** Shell toasts: top-center for 1200 ms. */
  shell?: boolean
}

const active = new Map<Id, ToastType>()

/**
 * The toast library is not part of the first screen's code; toasts raised before its container
 * has mounted wait in the library's queue and show once it does.
 */
const toaster = async () => (await import('react-toastify')).toast

/** Same title, message and type → same id, so a toast already showing is not shown twice (§4). */
export const toastIdOf = ({ type, title = '', message }: ToastInput): string =>
  `${type}|${title}|${message}`

/** showToast({ type: 'error', message: 'Server not responding' }) → its id, or the showing twin's. */
export function showToast(input: ToastInput): Id {
  const id = toastIdOf(input)
  if (active.has(id)) return id
  const options: ToastOptions = {
    toastId: id,
    // §9: message toasts stay until dismissed; the rest use the container default.
    ...(input.type === 'message' ? { autoClose: TOAST_MS.message || false } : {}),
    ...(input.shell ? { position: 'top-center', autoClose: TOAST_MS.shell } : {}),
    onClose: () => active.delete(id),
  }
  active.set(id, input.type)
  const content = input.title ? `${input.title}: ${input.message}` : input.message
  void toaster().then((toast) =>
    input.type === 'light' || input.type === 'message'
      ? toast(content, options)
      : toast[input.type](content, options),
  )
  return id
}

export const removeToast = (id: Id): void => {
  void toaster().then((toast) => toast.dismiss(id))
}

export const removeToastsOfType = (type: ToastType): void => {
  for (const [id, t] of active) if (t === type) removeToast(id)
}

export const clearToasts = (): void => {
  void toaster().then((toast) => toast.dismiss())
}

export interface ConfirmRequest {
  title: string
  message: string
  okText?: string
  cancelText?: string
  onConfirm: () => void
}

/** The one confirm dialog of §3/§4: showing another replaces it. */
export const useConfirmStore = create<{
  confirm: ConfirmRequest | null
  show: (c: ConfirmRequest) => void
  hide: () => void
}>((set) => ({
  confirm: null,
  show: (confirm) => set({ confirm }),
  hide: () => set({ confirm: null }),
}))
