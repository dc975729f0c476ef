import { useTranslation } from 'react-i18next'
import styles from './policy.module.css'

export type PolicyKind = 'rules' | 'exclusion' | 'responsible' | 'privacy'

/** The four policy pages of shell §2; their text lives in the policies translations. */
export function PolicyPage({ kind }: { kind: PolicyKind }) {
  const { t } = useTranslation()
  const paragraphs = t(`policies.${kind}.paragraphs`, { returnObjects: true }) as string[]
  return (
    <article className={styles.page}>
      <h1 className={styles.title}>{t(`policies.${kind}.title`)}</h1>
      {paragraphs.map((text) => (
        <p key={text} className={styles.paragraph}>
          {text}
        </p>
      ))}
    </article>
  )
}

export const RulesPage = () => <PolicyPage kind="rules" />
export const ExclusionPolicyPage = () => <PolicyPage kind="exclusion" />
export const ResponsibleGamblingPage = () => <PolicyPage kind="responsible" />
export const PrivacyPolicyPage = () => <PolicyPage kind="privacy" />
