// The per-token rate limit: a fixed one-minute window of RATE_LIMIT requests per Authorization
// header, kept in the process's memory, reported in the RateLimit-* headers and `429` past it.
import {createHash} from 'node:crypto';
import {Problem} from './problems.mts';

const RATE_LIMIT = 600;
const RATE_WINDOW_MS = 60_000;
/** Windows kept at most; past it they all start again. */
const MAX_WINDOWS = 100_000;

export class RateLimiter {
  private readonly windows = new Map<string, {start: number; used: number}>();

  /** Counts one request: the RateLimit-* headers of its window, or a `429` problem past the limit. */
  take(authorization: string, now: number): Record<string, string> {
    const key = createHash('sha256').update(authorization).digest('hex');
    let window = this.windows.get(key);
    if (!window || now - window.start >= RATE_WINDOW_MS) {
      window = {start: now, used: 0};
      this.windows.set(key, window);
      if (this.windows.size > MAX_WINDOWS) this.windows.clear();
    }
    const reset = String(Math.ceil((window.start + RATE_WINDOW_MS - now) / 1000));
    if (window.used >= RATE_LIMIT) {
      throw new Problem(
        'rate-limited',
        `This token sent ${RATE_LIMIT} requests in the current minute.`,
        {},
        {
          'Retry-After': reset,
          'RateLimit-Limit': String(RATE_LIMIT),
          'RateLimit-Remaining': '0',
          'RateLimit-Reset': reset,
        },
      );
    }
    window.used += 1;
    return {
      'RateLimit-Limit': String(RATE_LIMIT),
      'RateLimit-Remaining': String(RATE_LIMIT - window.used),
      'RateLimit-Reset': reset,
    };
  }
}
