/**
 * Indian grouping (1,00,00,000) is a product rule, so the locale is fixed rather than taken from
 * the browser.
 */
export const buildNumberFormats = () => ({
  money: new Intl.NumberFormat('en-IN', { minimumFractionDigits: 2, maximumFractionDigits: 2 }),
  whole: new Intl.NumberFormat('en-IN', { maximumFractionDigits: 0 }),
})
