import * as z from 'zod/v4'

/**
 * zod as the browser apps build it: their Vite configs resolve `zod` to this module. The site's
 * content security policy allows no eval, so zod's compiled parsers can never run there; unless
 * told so before its first object schema is built, zod tries `new Function` to find out, and the
 * browser reports that as a policy violation on every page load.
 */
z.config({ jitless: true })

export * from 'zod/v4'
export { z, z as default }
