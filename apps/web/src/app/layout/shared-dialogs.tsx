import { useLoginUiStore } from '../../features/auth/stores/login-ui-store'
import { lazyNamed, OnceOpened } from '../../lib/lazy-overlay'
import { useConfirmStore } from '../../lib/toast'

const AuthDialog = lazyNamed(
  () => import('../../features/auth/components/auth-dialog'),
  'AuthDialog',
)
const SelectLanguageModal = lazyNamed(
  () => import('../../features/language/components/select-language-modal'),
  'SelectLanguageModal',
)
const ConfirmDialog = lazyNamed(() => import('./confirm-dialog'), 'ConfirmDialog')

/**
 * The dialogs any page may open through their stores: login, language and confirm. Each is
 * fetched the first time it opens; watching the stores here, not in the layout, keeps an opening
 * dialog from rendering the whole layout again.
 */
export function SharedDialogs() {
  const authOpen = useLoginUiStore((s) => s.open)
  const languageOpen = useLoginUiStore((s) => s.languagePicker)
  const confirmOpen = useConfirmStore((s) => s.confirm !== null)
  return (
    <>
      <OnceOpened open={authOpen}>
        <AuthDialog />
      </OnceOpened>
      <OnceOpened open={languageOpen}>
        <SelectLanguageModal />
      </OnceOpened>
      <OnceOpened open={confirmOpen}>
        <ConfirmDialog />
      </OnceOpened>
    </>
  )
}
