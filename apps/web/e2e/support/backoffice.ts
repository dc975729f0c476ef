import type { Page } from 'playwright-core'

/** Signs the seeded operator into the back office open on `desk` and waits for its dashboard. */
export async function signInToConsole(desk: Page): Promise<void> {
  await desk.getByLabel('User ID').fill('operator1')
  await desk.getByLabel('Password').fill('Password1')
  await desk.getByRole('button', { name: 'Sign in' }).click()
  await desk.getByRole('heading', { name: 'Dashboard' }).waitFor()
}

/** Opens a section from the console's navigation. */
export const openSection = (desk: Page, name: string) =>
  desk.getByRole('navigation', { name: 'Sections' }).getByRole('link', { name }).click()
