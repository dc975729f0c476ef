import type { AppConfigResponse, SiteConfig } from '@backlay/contract/brand'
import { SITE_DEFAULTS } from '@backlay/contract/site-defaults'
import { queryOptions, useQuery } from '@tanstack/react-query'
import { api } from '../../../lib/api-client'
import { appConfigResponse } from '../../../lib/response-schemas'

/** GET app-config: the brand of this host (the server picks it by the Host header). */
export const getAppConfig = () => api.get('app-config', appConfigResponse)

export const appConfigQueryOptions = queryOptions({
  queryKey: ['app-config'],
  queryFn: getAppConfig,
  staleTime: Number.POSITIVE_INFINITY,
  retry: 1,
})

export const useAppConfig = () => useQuery(appConfigQueryOptions)

export const siteOf = (config: AppConfigResponse | undefined): SiteConfig => {
  const site = config?.result.appConfig.find((m) => m.moduleName === 'site')
  // Every flag off until the configuration arrives (or when it cannot be read).
  return site?.moduleName === 'site' ? site.model : SITE_DEFAULTS
}

export const themeOf = (config: AppConfigResponse | undefined) => {
  const theme = config?.result.appConfig.find((m) => m.moduleName === 'theme')
  return theme?.moduleName === 'theme' ? theme.model : null
}

/** The brand's site configuration (shell §3), defaults while loading. */
export const useSiteConfig = (): SiteConfig => siteOf(useAppConfig().data)
