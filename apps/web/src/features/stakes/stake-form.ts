import { stakeEditForm } from '@backlay/contract/stakes'
import { MSG } from '@backlay/contract/validation-messages'

/**
 * Edit Stakes (§5): who may save, then the contract's form rules; the first broken rule's
 * message, or the whole-rupee list to send.
 * checkStakeEdit(['100', '1.5'], { loggedIn: true, demo: false }) → { error: 'Please enter a valid integer.' }
 */
export function checkStakeEdit(
  values: readonly string[],
  who: { loggedIn: boolean; demo: boolean },
): { error: string } | { stakes: number[] } {
  if (!who.loggedIn) return { error: MSG.loginToChangeStakes }
  if (who.demo) return { error: MSG.demoRefused }
  const parsed = stakeEditForm.safeParse({ match_stack: [...values] })
  if (!parsed.success) return { error: parsed.error.issues[0]?.message ?? MSG.somethingWentWrong }
  return { stakes: parsed.data.match_stack }
}
