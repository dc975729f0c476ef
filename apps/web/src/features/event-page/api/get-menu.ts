import { useMenu } from '../../navigation/api/get-menu'

/** Match details carry market names only; the event's own name comes from the sports menu. */
export function useEventName(eventTypeId: string, eventId: string): string | undefined {
  const menu = useMenu()
  const sport = menu.data?.find((s) => s.sport_id === eventTypeId)
  for (const competition of sport?.children ?? []) {
    const match = competition.children.find((m) => m.match_id === eventId)
    if (match) return match.match_name
  }
  return undefined
}
