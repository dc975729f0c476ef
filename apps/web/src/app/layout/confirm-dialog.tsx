import * as AlertDialog from 'radix-ui/alert-dialog'
import { useTranslation } from 'react-i18next'
import { useConfirmStore } from '../../lib/toast'
import styles from './overlays.module.css'

/** The one confirm dialog of the toast store (shell §4); buttons default to OK and Cancel. */
export function ConfirmDialog() {
  const { t } = useTranslation()
  const { confirm, hide } = useConfirmStore()
  return (
    <AlertDialog.Root open={confirm !== null} onOpenChange={(open) => (open ? undefined : hide())}>
      <AlertDialog.Portal>
        <AlertDialog.Overlay className={styles.overlay} />
        <AlertDialog.Content className={styles.confirm}>
          <AlertDialog.Title className={styles.title}>{confirm?.title}</AlertDialog.Title>
          <AlertDialog.Description>{confirm?.message}</AlertDialog.Description>
          <div className={styles.actions}>
            <AlertDialog.Cancel className={styles.cancel}>
              {confirm?.cancelText ?? t('shell.cancel')}
            </AlertDialog.Cancel>
            <AlertDialog.Action className={styles.ok} onClick={() => confirm?.onConfirm()}>
              {confirm?.okText ?? t('shell.ok')}
            </AlertDialog.Action>
          </div>
        </AlertDialog.Content>
      </AlertDialog.Portal>
    </AlertDialog.Root>
  )
}
