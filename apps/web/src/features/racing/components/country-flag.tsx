import styles from './racing.module.css'

/**
 * The address of each country's flag, by lower-case ISO code. Pictures, not emoji: Windows draws
 * a flag emoji as two letters, and a system without a colour emoji font as two empty boxes. Only
 * the addresses are in the code; each file is fetched when a race of its country is shown.
 */
const FLAGS = new Map(
  Object.entries(
    import.meta.glob<string>('@flags/*.svg', {
      query: '?url&no-inline',
      import: 'default',
      eager: true,
    }),
  ).map(([path, url]) => [/([^/]+)\.svg$/.exec(path)?.[1], url]),
)

/** flagUrl('GB') → the address of gb.svg; undefined for a code the set has no flag for. */
export const flagUrl = (countryCode: string): string | undefined =>
  FLAGS.get(countryCode.toLowerCase())

/**
 * A race's country flag, beside the venue that names the country. For a code the set does not
 * know, the same space stays empty, so the rows keep their columns. The venue already says the
 * country, so a flag is decoration: it is fetched after the page's code and prices, not among them.
 */
export function CountryFlag({ countryCode }: { countryCode: string }) {
  const url = flagUrl(countryCode)
  return url ? (
    <img
      className={styles.flag}
      src={url}
      alt=""
      width={24}
      height={18}
      decoding="async"
      fetchPriority="low"
    />
  ) : (
    <span className={styles.flag} />
  )
}
