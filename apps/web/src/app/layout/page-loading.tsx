import styles from './app-layout.module.css'

/** Shown while a page's code is still loading; deliberately wordless so it needs no translation. */
export function PageLoading() {
  return <div className={styles.pageLoading} aria-busy="true" />
}
