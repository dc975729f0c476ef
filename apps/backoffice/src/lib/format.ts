const money = new Intl.NumberFormat('en-IN', { minimumFractionDigits: 2, maximumFractionDigits: 2 })
const when = new Intl.DateTimeFormat('en-IN', {
  dateStyle: 'medium',
  timeStyle: 'short',
  timeZone: 'Asia/Kolkata',
})

/** formatRupees(100000) → '₹1,00,000.00' (Indian grouping); formatRupees(-5) → '−₹5.00'. */
export const formatRupees = (rupees: number) =>
  `${rupees < 0 ? '−' : ''}₹${money.format(Math.abs(rupees))}`
/** Signed: '+₹100.00' / '−₹100.00'. */
export const formatSigned = (rupees: number) => `${rupees > 0 ? '+' : ''}${formatRupees(rupees)}`
/** India time, as the operators work in it. */
export const formatTime = (iso: string) => when.format(new Date(iso))
