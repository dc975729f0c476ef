import { describe, expect, it } from 'vitest'
import { silksPathOf, silksSvg } from './silks'

const fileOf = (path: string) => path.slice(path.lastIndexOf('/') + 1)

describe('simulated silks', () => {
  it('draws a horse the same colours every time, and most horses of a race differently', () => {
    const race = Array.from({ length: 12 }, (_, i) =>
      silksSvg(fileOf(silksPathOf(true, '42', i + 1))),
    )
    expect(
      race.map((image) => image?.startsWith('<svg xmlns="http://www.w3.org/2000/svg"')),
    ).toEqual(race.map(() => true))
    expect(silksSvg(fileOf(silksPathOf(true, '42', 1)))).toBe(race[0])
    expect(new Set(race).size).toBeGreaterThan(6)
  })

  it('dresses greyhounds in their trap colours: trap 1 red, trap 6 black and white stripes', () => {
    expect(silksPathOf(false, '42', 1)).toBe('/silks/trap-1.svg')
    expect(silksSvg('trap-1.svg')).toContain('fill="#d32f2f"')
    expect(silksSvg('trap-6.svg')).toContain('fill="#212121"')
    expect(silksSvg('trap-6.svg')).toContain('fill="#fafafa"')
    expect(silksSvg('trap-6.svg')).toContain('>6</text>')
  })

  it.each(['trap-7.svg', 'trap-1.png', 'horse-.svg', 'horse-a/b.svg', '..%2Fsecrets', ''])(
    'draws nothing for %j',
    (file) => {
      expect(silksSvg(file)).toBeUndefined()
    },
  )
})
