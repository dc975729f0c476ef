import { brandAssets, brandHost, redirectTarget } from '@backlay/contract/brand-host'
import { useEffect } from 'react'
import { siteOf, themeOf, useAppConfig } from '../api/get-app-config'

const setLink = (rel: string, href: string) => {
  let link = document.head.querySelector<HTMLLinkElement>(`link[rel="${rel}"]`)
  if (!link) {
    link = document.createElement('link')
    link.rel = rel
    document.head.append(link)
  }
  if (link.getAttribute('href') !== href) {
    link.removeAttribute('type')
    link.href = href
  }
}

const setMeta = (name: string, content: string) => {
  let meta = document.head.querySelector<HTMLMetaElement>(`meta[name="${name}"]`)
  if (!meta) {
    meta = document.createElement('meta')
    meta.name = name
    document.head.append(meta)
  }
  meta.content = content
}

/**
 * Shell §1/§4 white-label start-up: redirect when the redirect map sends this host elsewhere,
 * then the brand's title, description, theme colours and host-derived icon and manifest paths.
 */
export function useBrandHead(): void {
  const { data } = useAppConfig()
  useEffect(() => {
    if (!data) return
    const target = redirectTarget(data, window.location.hostname)
    if (target) {
      const url = new URL(window.location.href)
      url.hostname = target
      window.location.replace(url.toString())
      return
    }
    const site = siteOf(data)
    const theme = themeOf(data)
    const host = window.location.hostname
    const assets = brandAssets(host)
    document.title = site.title || site.appName || brandHost(host)
    if (site.metaDescription) setMeta('description', site.metaDescription)
    setMeta('theme-color', site.themeColor)
    setLink('icon', assets.favicon)
    setLink('apple-touch-icon', assets.touchIcon)
    setLink('manifest', assets.manifest)
    const root = document.documentElement.style
    root.setProperty('--color-brand', site.themeColor)
    if (theme) {
      root.setProperty('--color-header', theme.primary)
      root.setProperty('--color-header-2', theme.primary)
      root.setProperty('--color-accent', theme.secondary)
      root.setProperty('--color-page', theme.background)
    }
  }, [data])
}
