/** Until brands are configured per host (shell §1), the product's own name stands in for the site name. */
export const SITE_NAME = 'Backlay'
