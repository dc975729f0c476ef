import type { FastifyRequest } from 'fastify'
import { brandsRepository } from '../db/repositories/brands'
import type { Brand } from '../db/schema'
import { fail, type Result, success } from '../result'

/** The brand serving this request's host (shell §1), else the default brand. */
export async function requestBrand(
  request: FastifyRequest,
): Promise<Result<Brand, 'BRAND.NOT_FOUND'>> {
  const brand = await brandsRepository(request.server.db).forHost(request.host)
  return brand ? success(brand) : fail('BRAND.NOT_FOUND', 'This site is not configured yet.')
}

/**
 * The brand a `siteurl` body names ('https://www.lotus.example/' or 'lotus.example'); an
 * unparseable one falls back to the request's host.
 */
export async function siteUrlBrand(
  request: FastifyRequest,
  siteurl: string,
): Promise<Result<{ brand: Brand; host: string }, 'BRAND.NOT_FOUND'>> {
  let host = request.host
  try {
    host = new URL(siteurl.includes('://') ? siteurl : `https://${siteurl}`).host || host
  } catch {
    // Not a URL: answer for the site the request came to.
  }
  const brand = await brandsRepository(request.server.db).forHost(host)
  return brand
    ? success({ brand, host })
    : fail('BRAND.NOT_FOUND', 'This site is not configured yet.')
}

/** A logged-in caller's own brand, else the brand of the request host. */
export async function callerBrand(
  request: FastifyRequest,
): Promise<Result<Brand, 'BRAND.NOT_FOUND'>> {
  if (!request.user) return requestBrand(request)
  const brand = await brandsRepository(request.server.db).byId(request.user.brandId)
  return brand ? success(brand) : fail('BRAND.NOT_FOUND', 'This site is not configured yet.')
}
