import { describe, expect, it } from 'vitest'
import { z } from 'zod'
import * as auth from './auth'
import * as authFields from './auth-fields'
import * as balance from './balance'
import * as betSettings from './bet-settings'
import * as bets from './bets'
import * as bonus from './bonus'
import * as brand from './brand'
import * as deposit from './deposit'
import * as matchDetails from './match-details'
import * as passwordReset from './password-reset'
import * as profile from './profile'
import * as racing from './racing'
import * as responsibleGambling from './responsible-gambling'
import * as search from './search'
import * as stakes from './stakes'
import * as statements from './statements'
import * as stream from './stream'
import * as timeSettings from './time-settings'
import * as user from './user'

const modules = {
  auth,
  authFields,
  balance,
  betSettings,
  bets,
  bonus,
  brand,
  deposit,
  matchDetails,
  passwordReset,
  profile,
  racing,
  responsibleGambling,
  search,
  stakes,
  statements,
  stream,
  timeSettings,
  user,
}

// The server's OpenAPI document is generated from these schemas: every schema must convert as
// what a client sends (input); answers, which carry no transforms, also as what is sent back.
const isAnswer = (key: string) => /Response$/.test(key) || key === 'serverMessage'

describe('every exported schema converts to JSON Schema', () => {
  for (const [name, mod] of Object.entries(modules))
    it(name, () => {
      const schemas = Object.entries(mod).filter(([, v]) => v instanceof z.ZodType)
      expect(schemas.length).toBeGreaterThan(0)
      for (const [key, schema] of schemas)
        for (const io of isAnswer(key) ? (['input', 'output'] as const) : (['input'] as const))
          expect(() => z.toJSONSchema(schema as z.ZodType, { io }), `${key} (${io})`).not.toThrow()
    })
})
