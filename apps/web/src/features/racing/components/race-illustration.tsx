/** Line drawings for the loading state: a horse on /horse-racing, a greyhound otherwise (§2). */
export function RaceIllustration({ kind }: { kind: 'horse' | 'greyhound' }) {
  return kind === 'horse' ? (
    <svg viewBox="0 0 64 48" width="64" height="48" role="img" aria-label="Horse">
      <path
        d="M6 40l6-14 10-4 14 0 8-10 6-4 6 6-6 2-4 8 2 16M22 22l-2 18M36 22l2 18"
        fill="none"
        stroke="currentColor"
        strokeWidth="3"
        strokeLinecap="round"
        strokeLinejoin="round"
      />
    </svg>
  ) : (
    <svg viewBox="0 0 64 48" width="64" height="48" role="img" aria-label="Greyhound">
      <path
        d="M4 24c8 0 12-6 20-6h16l8-8 8 2-4 6-6 2-2 8 4 12M26 18l-8 22M40 26l-6 14"
        fill="none"
        stroke="currentColor"
        strokeWidth="3"
        strokeLinecap="round"
        strokeLinejoin="round"
      />
    </svg>
  )
}
