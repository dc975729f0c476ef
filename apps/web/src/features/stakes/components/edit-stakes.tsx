import { useQueryClient } from '@tanstack/react-query'
import * as Dialog from 'radix-ui/dialog'
import { useState } from 'react'
import { useTranslation } from 'react-i18next'
import { showToast } from '../../../lib/toast'
import { useSessionStore } from '../../auth/stores/session-store'
import { stakeButtonsKey, useStakeButtons } from '../api/get-stake-buttons'
import { saveStakeButtons } from '../api/save-stakes'
import { checkStakeEdit } from '../stake-form'
import styles from './stakes.module.css'

/** Edit Stakes (§2/§5): display mode, then an update mode that saves the buttons. */
export function EditStakesButton() {
  const { t } = useTranslation()
  const [open, setOpen] = useState(false)
  return (
    <Dialog.Root open={open} onOpenChange={setOpen}>
      <Dialog.Trigger asChild>
        <button type="button" className={styles.editButton}>
          {t('stakes.editStakes')}
        </button>
      </Dialog.Trigger>
      <Dialog.Portal>
        <Dialog.Overlay className={styles.overlay} />
        <Dialog.Content className={styles.dialog}>
          <Dialog.Title className={styles.title}>{t('stakes.editStakes')}</Dialog.Title>
          <Dialog.Description className={styles.hint}>{t('stakes.hint')}</Dialog.Description>
          {open ? <StakesForm onDone={() => setOpen(false)} /> : null}
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  )
}

function StakesForm({ onDone }: { onDone: () => void }) {
  const { t } = useTranslation()
  const client = useQueryClient()
  const buttons = useStakeButtons()
  const loggedIn = useSessionStore((s) => s.isLogin)
  const demo = useSessionStore((s) => s.user?.is_demo === true)
  const [editing, setEditing] = useState(false)
  const [values, setValues] = useState(() => buttons.map(String))
  const [error, setError] = useState<string | null>(null)
  const [saving, setSaving] = useState(false)

  const save = async () => {
    const checked = checkStakeEdit(values, { loggedIn, demo })
    if ('error' in checked) {
      setError(checked.error)
      return
    }
    setSaving(true)
    try {
      const saved = await saveStakeButtons(checked.stakes)
      client.setQueryData(stakeButtonsKey, saved)
      showToast({ type: 'success', message: t('stakes.saved'), shell: true })
      onDone()
    } catch (e) {
      setError((e as Error).message)
    } finally {
      setSaving(false)
    }
  }

  return (
    <form
      onSubmit={(e) => {
        e.preventDefault()
        if (editing) void save()
        else setEditing(true)
      }}
    >
      <div className={styles.grid}>
        {values.map((value, i) => (
          <input
            // Positions are the buttons' identity: the list has a fixed length.
            // biome-ignore lint/suspicious/noArrayIndexKey: fixed-length list of inputs
            key={i}
            className={styles.input}
            aria-label={t('stakes.button', { n: i + 1 })}
            inputMode="numeric"
            readOnly={!editing}
            value={value}
            onChange={(e) => {
              setError(null)
              setValues(values.map((v, j) => (j === i ? e.target.value : v)))
            }}
          />
        ))}
      </div>
      {error ? (
        <p className={styles.error} role="alert">
          {error}
        </p>
      ) : null}
      <div className={styles.actions}>
        <button type="button" className={styles.secondary} onClick={onDone}>
          {t('stakes.close')}
        </button>
        <button type="submit" className={styles.primary} disabled={saving}>
          {editing ? t('stakes.save') : t('stakes.edit')}
        </button>
      </div>
    </form>
  )
}
