import { QueryClient } from '@tanstack/react-query'

/** The app's one cache of server state, shared by the first screen's early requests and React. */
export const queryClient = new QueryClient({
  defaultOptions: {
    // Odds go stale within seconds; screens that poll set their own interval.
    queries: { staleTime: 2_000, retry: 1, refetchOnWindowFocus: true },
  },
})
