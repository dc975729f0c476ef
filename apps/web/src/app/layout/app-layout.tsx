import { Outlet } from 'react-router'
import styles from './app-layout.module.css'
import { Header } from './header'

export function AppLayout() {
  return (
    <div className={styles.shell}>
      <Header />
      <main className={styles.main}>
        <Outlet />
      </main>
    </div>
  )
}
