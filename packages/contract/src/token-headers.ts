/** Response header that carries a new or renewed bearer token (`Bearer <jwt>`). */
export const TOKEN_HEADER = 'authorization'
/** Not shown: seconds until the token in TOKEN_HEADER expires, so the client can store its expiry. */
export const TOKEN_EXPIRES_IN_HEADER = 'x-token-expires-in'
