import { z } from 'zod'

/** Shell §1: the seven languages, English first and default. */
export const LANGUAGES = ['en', 'hi', 'mr', 'gu', 'kn', 'bn', 'es'] as const
export const language = z.enum(LANGUAGES)
export type Language = z.infer<typeof language>
export const DEFAULT_LANGUAGE: Language = 'en'
