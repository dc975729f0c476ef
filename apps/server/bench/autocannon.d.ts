/** The slice of autocannon's API the benchmarks use (the package ships no types). */
declare module 'autocannon' {
  interface RequestParams {
    method?: string
    path?: string
    headers?: Record<string, string>
    body?: string
  }
  interface Request extends RequestParams {
    setupRequest?: (req: RequestParams) => RequestParams
    /** Called with each answer's status and body. */
    onResponse?: (status: number, body: string) => void
  }
  interface Options {
    url: string
    connections?: number
    duration?: number
    amount?: number
    requests?: Request[]
  }
  interface Histogram {
    p50: number
    p90: number
    p99: number
    average: number
    max: number
  }
  interface Result {
    '2xx': number
    '4xx': number
    non2xx: number
    errors: number
    timeouts: number
    latency: Histogram
    requests: Histogram & { total: number }
  }
  export default function autocannon(options: Options): Promise<Result>
}
