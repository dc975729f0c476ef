import type { TestProject } from 'vitest/node'
import { startServer } from './support/server'

/** One real server for the whole browser-test run; tests reach it through `baseUrl()`. */
export default async function setup(project: TestProject) {
  const server = await startServer()
  project.provide('baseUrl', server.baseUrl)
  return () => server.stop()
}

declare module 'vitest' {
  export interface ProvidedContext {
    baseUrl: string
  }
}
