/**
 * Group commit: what is submitted while the previous group is still being written waits, then
 * goes into the next group together, so many concurrent submissions cost one database
 * transaction instead of one each. A group starts on the next turn of the event loop, so
 * everything submitted in the same turn shares it.
 *
 * Up to `concurrency` groups are written at once, so the next group is being checked while
 * the previous one waits for the store. `write` answers each submission of a group in order;
 * when it throws, every submission of the group is refused with that error.
 */
export class GroupCommit<T, R> {
  private pending: { item: T; resolve: (r: R) => void; reject: (e: unknown) => void }[] = []
  private running = 0
  private scheduled = false

  constructor(
    private readonly write: (items: readonly T[]) => Promise<readonly R[]>,
    private readonly concurrency = 1,
  ) {}

  submit(item: T): Promise<R> {
    return new Promise((resolve, reject) => {
      this.pending.push({ item, resolve, reject })
      this.schedule()
    })
  }

  private schedule() {
    if (this.running >= this.concurrency || this.scheduled) return
    this.scheduled = true
    setImmediate(() => {
      this.scheduled = false
      void this.next()
    })
  }

  private async next() {
    const group = this.pending
    this.pending = []
    if (group.length === 0) return
    this.running++
    try {
      const answers = await this.write(group.map((g) => g.item))
      group.forEach((g, i) => {
        g.resolve(answers[i] as R)
      })
    } catch (error) {
      for (const g of group) g.reject(error)
    } finally {
      this.running--
      if (this.pending.length > 0) this.schedule()
    }
  }
}
