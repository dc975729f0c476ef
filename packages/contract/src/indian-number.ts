/**
 * Indian digit grouping (lakh, crore) used by every amount on screen and in messages.
 * formatIndian(10000000, 0) → '1,00,00,000'; formatIndian(1234.5) → '1,234.50'
 */
export const formatIndian = (value: number, decimals = 2): string =>
  new Intl.NumberFormat('en-IN', {
    minimumFractionDigits: decimals,
    maximumFractionDigits: decimals,
  }).format(value)
