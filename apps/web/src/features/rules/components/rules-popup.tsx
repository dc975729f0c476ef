import * as Accordion from 'radix-ui/accordion'
import * as Dialog from 'radix-ui/dialog'
import type { ReactNode } from 'react'
import { useTranslation } from 'react-i18next'
import type { DialogState } from '../../../lib/lazy-overlay'
import { IPL_RULE } from '../ipl-averages'
import styles from './rules.module.css'

const list = (items: unknown): string[] => (Array.isArray(items) ? (items as string[]) : [])

/**
 * Betting §2 Rules popup: General Rules and Fancy Rules as accordions; the fancy rules end with
 * the IPL tournament rule and its table of averages (§9).
 */
export function RulesDialog({ open, onOpenChange }: DialogState) {
  const { t } = useTranslation()
  return (
    <Dialog.Root open={open} onOpenChange={onOpenChange}>
      <Dialog.Portal>
        <Dialog.Overlay className={styles.overlay} />
        <Dialog.Content className={styles.dialog}>
          <header className={styles.head}>
            <Dialog.Title className={styles.title}>{t('rules.title')}</Dialog.Title>
            <Dialog.Close className={styles.close} aria-label={t('rules.close')}>
              ×
            </Dialog.Close>
          </header>
          <Dialog.Description className={styles.hidden}>
            {t('rules.description')}
          </Dialog.Description>
          <Accordion.Root type="single" collapsible className={styles.sections}>
            <RuleSection
              value="general"
              title={t('rules.general.title')}
              rules={list(t('rules.general.items', { returnObjects: true }))}
            />
            <RuleSection
              value="fancy"
              title={t('rules.fancy.title')}
              rules={list(t('rules.fancy.items', { returnObjects: true }))}
            >
              <h3 className={styles.subTitle}>{t('rules.ipl.title')}</h3>
              <p>
                {t('rules.ipl.text', {
                  matches: IPL_RULE.minMatches,
                  days: IPL_RULE.waitDays,
                })}
              </p>
              <table className={styles.averages}>
                <caption className={styles.hidden}>{t('rules.ipl.caption')}</caption>
                <thead>
                  <tr>
                    <th scope="col">{t('rules.ipl.stat')}</th>
                    <th scope="col">{t('rules.ipl.average')}</th>
                  </tr>
                </thead>
                <tbody>
                  {IPL_RULE.averages.map(([key, value]) => (
                    <tr key={key}>
                      <th scope="row">{t(`rules.ipl.stats.${key}`)}</th>
                      <td>{value}</td>
                    </tr>
                  ))}
                </tbody>
              </table>
            </RuleSection>
          </Accordion.Root>
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  )
}

/** One accordion section: its title, its numbered rules, then anything the section adds. */
function RuleSection({
  value,
  title,
  rules,
  children,
}: {
  value: string
  title: string
  rules: string[]
  children?: ReactNode
}) {
  return (
    <Accordion.Item value={value} className={styles.item}>
      <Accordion.Header className={styles.itemHead}>
        <Accordion.Trigger className={styles.itemTrigger}>{title}</Accordion.Trigger>
      </Accordion.Header>
      <Accordion.Content className={styles.itemBody}>
        <ol className={styles.rules}>
          {rules.map((rule) => (
            <li key={rule}>{rule}</li>
          ))}
        </ol>
        {children}
      </Accordion.Content>
    </Accordion.Item>
  )
}
