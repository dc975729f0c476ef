import { z } from 'zod'
import { IDEMPOTENCY_KEY_HEADER, idempotencyKey } from './bets'
import { notificationMessage, siteConfig, socialLinks, supportInfo } from './brand'
import { depositMethod } from './deposit'
import { ok } from './envelope'
import { marketKind, marketStatus, runnerStatus } from './market'
import { decimalOdds, rupees } from './money'
import { responsibleGambling } from './responsible-gambling'
import { idText } from './wire'

/**
 * The operator API behind the back office, under /api/v1/admin (designed here). JSON both ways;
 * money in rupees and odds decimal on the wire, as in the player API. Only operator accounts
 * may call it: a player gets 403 `ADMIN.FORBIDDEN`; an agent sees and touches only the players
 * below it. Every change is written to the audit log (who, what, before, after, when).
 */
export const ADMIN_API = '/api/v1/admin'

export const operatorRole = z.enum(['admin', 'agent'])
export type OperatorRole = z.infer<typeof operatorRole>

const isoTime = z.iso.datetime({ offset: true })
const text = (max: number) => z.string().trim().min(1, 'This field is required').max(max)
const reason = text(500)
const pageQuery = {
  page: z.coerce.number().int().min(1).default(1),
  limit: z.coerce.number().int().min(1).max(200).default(50),
}
/** `{ status, data: { list, total } }` */
const listOf = <T extends z.ZodType>(item: T) =>
  ok(z.object({ list: z.array(item), total: z.number().int().min(0) }))

// ---- session ----

export const operator = z.object({
  id: z.string(),
  userName: z.string(),
  name: z.string(),
  role: operatorRole,
})
export type Operator = z.infer<typeof operator>

/** POST login: operators sign in by user id on any host (the console is not brand-bound). */
export const adminLoginRequest = z.strictObject({ userName: text(64), password: text(64) })
export const adminLoginResponse = ok(
  z.object({ token: z.string(), expiresAt: z.number().int(), operator }),
)
/** GET me */
export const adminMeResponse = ok(operator)

// ---- audit ----

export const auditEntry = z.object({
  id: z.number().int(),
  actorId: z.string(),
  actorName: z.string(),
  action: z.string(),
  targetType: z.string(),
  targetId: z.string(),
  before: z.unknown(),
  after: z.unknown(),
  reason: z.string().nullable(),
  createdAt: isoTime,
})
export type AuditEntry = z.infer<typeof auditEntry>
/** GET audit?targetType&targetId */
export const auditQuery = z.strictObject({
  targetType: z.string().max(32).optional(),
  targetId: z.string().max(64).optional(),
  ...pageQuery,
})
export const auditResponse = listOf(auditEntry)

// ---- markets ----

export const eventStatus = z.enum(['UPCOMING', 'IN_PLAY', 'CLOSED'])

/** GET sports → sports and their competitions, for filters and the create form. */
export const sportsResponse = ok(
  z.array(
    z.object({
      id: z.string(),
      name: z.string(),
      competitions: z.array(z.object({ id: z.string(), name: z.string() })),
    }),
  ),
)

/** GET events?sportId&competitionId&status&search */
export const eventsQuery = z.strictObject({
  sportId: z.string().max(32).optional(),
  competitionId: z.string().max(64).optional(),
  status: eventStatus.optional(),
  search: z.string().trim().max(64).optional(),
  ...pageQuery,
})
export const eventRow = z.object({
  id: z.string(),
  sportId: z.string(),
  sportName: z.string(),
  competitionId: z.string(),
  competitionName: z.string(),
  name: z.string(),
  startTime: isoTime,
  status: eventStatus,
  markets: z.array(
    z.object({ id: z.string(), kind: marketKind, name: z.string(), status: marketStatus }),
  ),
})
export type EventRow = z.infer<typeof eventRow>
export const eventsResponse = listOf(eventRow)

/** Stake limits of a market in rupees. */
const marketLimits = {
  betDelaySeconds: z.number().int().min(0).max(60),
  minStake: rupees.positive(),
  maxStake: rupees.positive(),
  maxProfit: rupees.positive(),
}
const limitsInOrder = (v: { minStake?: number; maxStake?: number }, ctx: z.RefinementCtx) => {
  if (v.minStake !== undefined && v.maxStake !== undefined && v.minStake > v.maxStake)
    ctx.addIssue({
      code: 'custom',
      message: 'Min stake cannot exceed max stake',
      path: ['maxStake'],
    })
}

export const newMarket = z
  .strictObject({
    kind: z.enum(['MATCH_ODDS', 'BOOKMAKER', 'SESSION']),
    name: text(100),
    /** SESSION markets have one runner (the line); the others two or more. */
    runners: z.array(text(100)).min(1).max(20),
    ...marketLimits,
  })
  .superRefine(limitsInOrder)
  .superRefine((m, ctx) => {
    if (m.kind === 'SESSION' && m.runners.length !== 1)
      ctx.addIssue({
        code: 'custom',
        message: 'A fancy market has exactly one runner',
        path: ['runners'],
      })
    if (m.kind !== 'SESSION' && m.runners.length < 2)
      ctx.addIssue({
        code: 'custom',
        message: 'A market needs at least two runners',
        path: ['runners'],
      })
  })
export type NewMarket = z.input<typeof newMarket>

/** POST events: a competition by id, or a new one by name under the sport. */
export const createEventRequest = z
  .strictObject({
    sportId: text(32),
    competitionId: z.string().trim().max(64).optional(),
    competitionName: z.string().trim().max(100).optional(),
    name: text(150),
    startTime: isoTime,
    venue: z.string().trim().max(100).optional(),
    markets: z.array(newMarket).min(1).max(50),
  })
  .superRefine((v, ctx) => {
    if (!v.competitionId && !v.competitionName)
      ctx.addIssue({
        code: 'custom',
        message: 'Choose a competition or name a new one',
        path: ['competitionName'],
      })
  })
export type CreateEventRequest = z.input<typeof createEventRequest>

export const priceLevel = z.object({ price: z.number(), size: rupees })
export const adminRunner = z.object({
  selectionId: z.string(),
  name: z.string(),
  status: runnerStatus,
  /** Exchange and bookmaker: decimal odds; fancy (SESSION): `price` is runs and `size` the rate. */
  back: z.array(priceLevel),
  lay: z.array(priceLevel),
})
export const adminMarket = z.object({
  id: z.string(),
  eventId: z.string(),
  eventName: z.string(),
  sportId: z.string(),
  kind: marketKind,
  name: z.string(),
  status: marketStatus,
  inplay: z.boolean(),
  ...marketLimits,
  winnerSelectionId: z.string().nullable(),
  resultValue: z.number().nullable(),
  runners: z.array(adminRunner),
})
export type AdminMarket = z.infer<typeof adminMarket>
export const eventResponse = ok(eventRow.extend({ marketDetails: z.array(adminMarket) }))
export const marketResponse = ok(adminMarket)

/** PATCH markets/:id — bet delay, limits (rupees) and in-play. */
export const updateMarketRequest = z
  .strictObject({
    betDelaySeconds: marketLimits.betDelaySeconds.optional(),
    minStake: marketLimits.minStake.optional(),
    maxStake: marketLimits.maxStake.optional(),
    maxProfit: marketLimits.maxProfit.optional(),
    inplay: z.boolean().optional(),
  })
  .superRefine(limitsInOrder)

/** POST markets/:id/status and markets/:id/runners/:selectionId/status */
export const marketStatusRequest = z.strictObject({ status: z.enum(['OPEN', 'SUSPENDED']) })
export const runnerStatusRequest = z.strictObject({ status: z.enum(['ACTIVE', 'SUSPENDED']) })

/**
 * POST markets/:id/prices — by hand (odds decimal, size rupees): a bookmaker market's quotes, or
 * the reference prices the market maker quotes around on an exchange market.
 */
export const bookmakerPricesRequest = z.strictObject({
  runners: z
    .array(
      z.strictObject({
        selectionId: idText,
        back: decimalOdds.min(1.01).max(1000).nullable(),
        lay: decimalOdds.min(1.01).max(1000).nullable(),
        size: rupees.positive(),
      }),
    )
    .min(1),
})
/** POST markets/:id/line — a fancy line: No runs / rate and Yes runs / rate. */
export const fancyLineRequest = z
  .strictObject({
    noRuns: z.number().int().min(0).max(10_000),
    noRate: z.number().int().min(1).max(1_000),
    yesRuns: z.number().int().min(0).max(10_000),
    yesRate: z.number().int().min(1).max(1_000),
  })
  .refine((v) => v.yesRuns >= v.noRuns, {
    message: 'Yes runs cannot be below No runs',
    path: ['yesRuns'],
  })

/** POST markets/:id/result — a winner, a fancy result in runs, or void. */
export const declareResultRequest = z.union([
  z.strictObject({ winnerSelectionId: idText }),
  z.strictObject({ resultValue: z.number().int().min(0).max(10_000) }),
  z.strictObject({ void: z.literal(true) }),
])
export type DeclareResultRequest = z.infer<typeof declareResultRequest>
/** POST markets/:id/correction — re-settle a settled market, always with a reason. */
export const correctResultRequest = z.strictObject({
  winnerSelectionId: idText,
  reason,
})
export const settlementResponse = ok(
  z.object({ marketId: z.string(), settled: z.boolean(), msg: z.string() }),
)

// ---- players and money ----

export const playerRow = z.object({
  id: z.string(),
  userName: z.string(),
  name: z.string(),
  mobile: z.string().nullable(),
  brandId: z.string(),
  isB2C: z.boolean(),
  isDemo: z.boolean(),
  locked: z.boolean(),
  /** The player's trading API (Betfair-compatible) switch. */
  apiAccess: z.boolean(),
  operatorId: z.string().nullable(),
  operatorName: z.string().nullable(),
  balance: rupees,
  createdAt: isoTime,
})
export type PlayerRow = z.infer<typeof playerRow>
/** GET players?search */
export const playersQuery = z.strictObject({
  search: z.string().trim().max(64).optional(),
  ...pageQuery,
})
export const playersResponse = listOf(playerRow)
/** Failed logins of the last hour and whether the next login needs an OTP (server auth/login-guard.ts). */
export const playerLoginProtection = z.object({
  failedLogins: z.number().int().nonnegative(),
  stepUpRequired: z.boolean(),
})
export const playerResponse = ok(
  playerRow.extend({
    exposure: rupees,
    responsibleGambling,
    loginProtection: playerLoginProtection,
  }),
)

/** POST players — an agent's players are always its own; an admin may name the agent. */
export const createPlayerRequest = z.strictObject({
  userName: z
    .string()
    .trim()
    .regex(/^[A-Za-z0-9_]{3,32}$/, 'User id: 3–32 letters, digits or _'),
  name: text(100),
  password: z.string().min(6, 'Must be at least 6 characters').max(16),
  mobile: z
    .string()
    .regex(/^\d{10}$/, 'Phone Number must be 10 digits')
    .optional(),
  brandId: z.string().trim().max(64).optional(),
  isB2C: z.boolean().default(false),
  operatorId: z.string().trim().max(64).optional(),
})
export type CreatePlayerRequest = z.input<typeof createPlayerRequest>

export const lockRequest = z.strictObject({ locked: z.boolean(), reason })
/** POST players/:id/api-access — the player's trading API (Betfair-compatible) on or off. */
export const apiAccessRequest = z.strictObject({ enabled: z.boolean(), reason })
/** POST players/:id/login-protection/clear — forget the failed logins: no waits, no OTP step-up. */
export const clearLoginProtectionRequest = z.strictObject({ reason })
export const resetPasswordRequest = z.strictObject({
  password: z.string().min(6, 'Must be at least 6 characters').max(16),
  reason,
})
/** POST players/:id/adjust — credit or debit the player's cash with a reason. */
export const adjustBalanceRequest = z.strictObject({
  direction: z.enum(['credit', 'debit']),
  amount: rupees.positive().max(10_000_000),
  reason,
})
export type AdjustBalanceRequest = z.input<typeof adjustBalanceRequest>
/**
 * An adjustment sent again under the same Idempotency-Key (a retry after a lost answer) is
 * posted once: the retry answers the balance without posting it twice.
 */
export const adjustBalanceHeaders = z.looseObject({
  [IDEMPOTENCY_KEY_HEADER]: idempotencyKey.optional(),
})
export const balanceChangedResponse = ok(z.object({ balance: rupees }))

export const ledgerRow = z.object({
  transactionId: z.string(),
  kind: z.string(),
  amount: rupees,
  balanceAfter: rupees,
  memo: z.string().nullable(),
  createdAt: isoTime,
})
export const ledgerResponse = listOf(ledgerRow)
export const ledgerQuery = z.strictObject(pageQuery)

export const playerBet = z.object({
  betId: z.string(),
  marketId: z.string(),
  marketName: z.string(),
  eventName: z.string(),
  selectionName: z.string(),
  side: z.enum(['BACK', 'LAY']),
  odds: z.number(),
  stake: rupees,
  status: z.string(),
  pl: rupees.nullable(),
  createdAt: isoTime,
})
export const playerBetsResponse = listOf(playerBet)

/** Operators: an admin lists and creates agents. */
export const operatorsResponse = ok(z.array(operator.extend({ playerCount: z.number().int() })))
export const createAgentRequest = z.strictObject({
  userName: createPlayerRequest.shape.userName,
  name: text(100),
  password: createPlayerRequest.shape.password,
})

export const doneResponse = ok(z.object({ msg: z.string() }))

// ---- brands ----

export const bannerItem = z.object({
  id: z.string(),
  image: z.string(),
  link: z.string(),
  title: z.string(),
})
export const brandTheme = z.object({
  primary: z.string().regex(/^#[0-9a-fA-F]{6}$/, 'A colour like #0b3d2e'),
  secondary: z.string().regex(/^#[0-9a-fA-F]{6}$/, 'A colour like #0b3d2e'),
  background: z.string().regex(/^#[0-9a-fA-F]{6}$/, 'A colour like #0b3d2e'),
})

/** The brand's failed-login protection (server auth/login-guard.ts); a missing block means these defaults. */
export const loginProtection = z.object({
  /** Wrong passwords of one account from one address before growing waits (1 s, 2 s, 4 s…). */
  pairFreeFailures: z.number().int().min(1).max(100).default(3),
  /** Wrong passwords a minute from one address over all accounts (shared addresses: set higher). */
  addressFailuresPerMinute: z.number().int().min(5).max(10_000).default(30),
  /** Wrong passwords of one account within an hour, from anywhere, before logins need an OTP. */
  accountFailuresBeforeStepUp: z.number().int().min(3).max(1_000).default(10),
})
export type LoginProtectionSettings = z.infer<typeof loginProtection>

/**
 * What the back office edits in `brands.config`; keys the console does not know are kept as
 * they are, so the player site can carry more than this form shows.
 */
export const brandSettings = z.object({
  site: siteConfig,
  theme: brandTheme,
  socials: socialLinks,
  support: supportInfo,
  /** An absolute logo URL elsewhere; null serves the host-derived path. */
  logoUrl: z.string().nullable(),
  /** Brand-wide messages: `Type` 'T' (or null) runs in the header ticker. */
  notifications: z.array(notificationMessage),
  banners: z.array(bannerItem),
  /** host → host (app configuration index 3). */
  redirects: z.record(z.string(), z.string()),
  /** Where the brand's players pay (GET deposit/methods). */
  depositMethods: z.array(depositMethod),
  loginProtection: loginProtection.default(loginProtection.parse({})),
  /** The trading API (Betfair-compatible) for the brand's players; each player's own switch too. */
  tradingApi: z.boolean().default(true),
})
export type BrandSettings = z.infer<typeof brandSettings>

export const adminBrand = z.object({
  id: z.string(),
  host: z.string(),
  name: z.string(),
  isDefault: z.boolean(),
  settings: brandSettings,
})
export type AdminBrand = z.infer<typeof adminBrand>
export const brandsResponse = ok(z.array(adminBrand))
export const brandResponse = ok(adminBrand)
export const updateBrandRequest = z.strictObject({
  name: text(100),
  host: text(255),
  settings: brandSettings,
})
export type UpdateBrandRequest = z.input<typeof updateBrandRequest>

// ---- payments ----

export const paymentRequestRow = z.object({
  id: z.string(),
  type: z.enum(['DEPOSIT', 'WITHDRAWAL']),
  userId: z.string(),
  userName: z.string(),
  amount: rupees,
  method: z.string(),
  /** Deposit: the UPI / bank reference the player gave. */
  reference: z.string().nullable(),
  payoutTo: z.string().nullable(),
  status: z.enum(['PENDING', 'APPROVED', 'REJECTED', 'CANCELLED']),
  createdAt: isoTime,
})
export const paymentRequestsQuery = z.strictObject({
  type: z.enum(['DEPOSIT', 'WITHDRAWAL']).optional(),
  status: z.enum(['PENDING', 'APPROVED', 'REJECTED', 'CANCELLED']).optional(),
  ...pageQuery,
})
export const paymentRequestsResponse = listOf(paymentRequestRow)
export const decidePaymentRequest = z.strictObject({
  decision: z.enum(['APPROVE', 'REJECT']),
  remark: z.string().trim().max(500).optional(),
})

/** GET markets/:id/risk and players pages read ids from the path. */
export const idParams = z.strictObject({ id: idText })
export const runnerParams = z.strictObject({ id: idText, selectionId: idText })
