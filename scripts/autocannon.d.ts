// autocannon ships no types and @types/autocannon is not installed: what scripts/loadtest.mts uses
// (see the options and results in autocannon's README).
declare module 'autocannon' {
  /** A request of the `requests` option, sent in turn by each connection. */
  interface AutocannonRequest {
    method?: string;
    path?: string;
    headers?: Record<string, string>;
    body?: string;
    /** Changes the request before each send (a token picked at random, say). */
    setupRequest?: (request: AutocannonRequest) => AutocannonRequest;
  }

  interface AutocannonOptions {
    url: string;
    connections?: number;
    /** Seconds. */
    duration?: number;
    headers?: Record<string, string>;
    method?: string;
    body?: string;
    /** A Unix socket to connect to; `url` still gives the Host header and the path. */
    socketPath?: string;
    requests?: AutocannonRequest[];
    /** A response whose body this does not accept counts in `mismatches`. */
    verifyBody?: (body: string) => boolean;
  }

  /** The statistics of one measure (hdr-histogram-percentiles-obj, plus autocannon's counts). */
  interface Histogram {
    min: number;
    max: number;
    average: number;
    stddev: number;
    p50: number;
    p90: number;
    p99: number;
  }

  interface AutocannonResult {
    url: string;
    /** How many answers had each status code. */
    statusCodeStats?: Record<string, {count: number}>;
    /** Requests per second, with the count of requests answered. */
    requests: Histogram & {total: number; sent: number};
    latency: Histogram;
    throughput: Histogram;
    errors: number;
    timeouts: number;
    mismatches?: number;
    non2xx: number;
  }

  /** Runs the benchmark; without a callback, the instance is also a promise of the results. */
  export default function autocannon(options: AutocannonOptions): Promise<AutocannonResult>;
}
