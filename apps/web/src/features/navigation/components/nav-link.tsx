import type { ReactNode } from 'react'
import { NavLink } from 'react-router'
import { useGuardedOpen } from '../../auth/hooks/use-guarded-open'
import type { NavItem } from '../nav-items'

/** A navigation entry; game entries go through the guest / demo gate of shell §4. */
export function NavItemLink({
  item,
  className,
  children,
  onNavigate,
}: {
  item: NavItem
  className?: string
  children: ReactNode
  onNavigate?: () => void
}) {
  const openGuarded = useGuardedOpen()
  return (
    <NavLink
      to={item.to}
      end={item.to === '/'}
      className={className}
      onClick={(event) => {
        onNavigate?.()
        if (!item.game) return
        event.preventDefault()
        openGuarded(item.to, { game: true })
      }}
    >
      {children}
    </NavLink>
  )
}
