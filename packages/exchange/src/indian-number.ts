/**
 * Indian digit grouping (spec §1): the last three digits, then groups of two.
 * groupIndian(10000000) → '1,00,00,000'; groupIndian(500000) → '5,00,000'; groupIndian(-1234.5, 2) → '-1,234.50'.
 */
export const groupIndian = (n: number, decimals = 0): string => {
  const [whole = '0', fraction] = Math.abs(n).toFixed(decimals).split('.')
  const head = whole.slice(0, -3)
  const grouped =
    head.length > 0 ? `${head.replace(/\B(?=(\d{2})+$)/g, ',')},${whole.slice(-3)}` : whole
  return `${n < 0 ? '-' : ''}${grouped}${fraction === undefined ? '' : `.${fraction}`}`
}
