/** Bus channel names the stream follows. */
export const marketChannel = (marketId: string) => `market:${marketId}`
export const fancyChannel = (matchId: string) => `fancy:${matchId}`
export const userChannel = (userId: string) => `user:${userId}`
export const ladderChannel = (marketId: string) => `ladder:${marketId}`
