/** Vector art of the Lotus Sevens symbols (no emoji font needed). */
export const SymbolArt = ({ symbol }: { symbol: string }) => {
  switch (symbol) {
    case 'wild':
      return (
        <svg viewBox="0 0 64 64" aria-hidden="true">
          <path
            d="M32 4l8 18 20 2-15 13 5 20-18-11-18 11 5-20L4 24l20-2z"
            fill="#ffcf4a"
            stroke="#b37800"
            strokeWidth="2"
          />
          <text x="32" y="40" textAnchor="middle" fontSize="11" fontWeight="900" fill="#7a3d00">
            WILD
          </text>
        </svg>
      )
    case 'seven':
      return (
        <svg viewBox="0 0 64 64" aria-hidden="true">
          <text
            x="32"
            y="52"
            textAnchor="middle"
            fontSize="54"
            fontWeight="900"
            fill="#ff3d57"
            stroke="#7a0015"
            strokeWidth="2.5"
          >
            7
          </text>
        </svg>
      )
    case 'lotus':
      return (
        <svg viewBox="0 0 64 64" aria-hidden="true">
          <g fill="#ff8fc8" stroke="#a3206a" strokeWidth="1.5">
            <path d="M32 10c7 9 7 23 0 34-7-11-7-25 0-34z" />
            <path d="M12 24c11 2 18 11 20 20-11-1-19-9-20-20z" />
            <path d="M52 24c-11 2-18 11-20 20 11-1 19-9 20-20z" />
          </g>
          <path d="M10 48h44c-6 7-38 7-44 0z" fill="#3fbf7f" />
        </svg>
      )
    case 'bell':
      return (
        <svg viewBox="0 0 64 64" aria-hidden="true">
          <path
            d="M32 8c-11 0-16 9-16 19v11l-6 8h44l-6-8V27c0-10-5-19-16-19z"
            fill="#ffd34d"
            stroke="#a87000"
            strokeWidth="2"
          />
          <circle cx="32" cy="52" r="5" fill="#a87000" />
        </svg>
      )
    case 'melon':
      return (
        <svg viewBox="0 0 64 64" aria-hidden="true">
          <path d="M6 22h52a26 26 0 0 1-52 0z" fill="#2f9e4f" />
          <path d="M11 22h42a21 21 0 0 1-42 0z" fill="#ff5a6a" />
          <g fill="#2b1a1a">
            <circle cx="24" cy="30" r="2" />
            <circle cx="32" cy="35" r="2" />
            <circle cx="40" cy="30" r="2" />
          </g>
        </svg>
      )
    default:
      return (
        <svg viewBox="0 0 64 64" aria-hidden="true">
          <path
            d="M22 40C26 24 34 12 46 8M42 42c0-14 2-26 4-34"
            stroke="#3c8a2e"
            strokeWidth="3"
            fill="none"
          />
          <circle cx="22" cy="44" r="11" fill="#e0203a" />
          <circle cx="43" cy="46" r="11" fill="#c4142e" />
        </svg>
      )
  }
}
