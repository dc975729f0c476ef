import { HomePage } from '../../features/home/components/home-page'

export function HomeRoute() {
  return <HomePage />
}
