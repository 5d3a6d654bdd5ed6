/**
 * Anonymous read cache. PGlite runs one query at a time, so the product page's public reads (the same
 * few URLs for every visitor) would queue behind each other; identical anon GET/HEAD requests are
 * answered from memory instead. Every write through the stack empties it (ctx.onWrite), and a short TTL
 * bounds staleness for changes that bypass the API (SQL run directly against the database).
 * Only requests whose Postgres role is `anon` are ever stored or served: a signed-in user's view
 * depends on RLS for that user and never comes from here.
 */
import { tokenClock } from '../jwt.ts';

export interface CachedAnswer {
  status: number;
  headers: Record<string, string>;
  body: string | null;
  /** The body as UTF-8, encoded once when stored rather than on every hit. */
  bytes?: Uint8Array<ArrayBuffer>;
}

const encoder = new TextEncoder();

export class ReadCache {
  private readonly entries = new Map<string, { answer: CachedAnswer; until: number }>();
  /** Bumped by every clear(): an answer computed before a write must not be stored after it. */
  generation = 0;

  constructor(
    private readonly ttlMs = 2000,
    private readonly maxEntries = 500,
    private readonly maxBodyChars = 1_000_000,
  ) {}

  static key(req: Request): string | null {
    if (/no-cache|no-store/i.test(req.headers.get('cache-control') ?? '')) return null;
    const h = (n: string) => req.headers.get(n) ?? '';
    // The token is part of the key: two anon tokens could carry different claims RLS might read.
    return [req.method, req.url, h('accept'), h('prefer'), h('range'), h('accept-profile'), h('authorization'), h('apikey')].join('\n');
  }

  get(key: string, now = tokenClock.nowMs()): CachedAnswer | undefined {
    const e = this.entries.get(key);
    if (!e) return undefined;
    if (now >= e.until) {
      this.entries.delete(key);
      return undefined;
    }
    return e.answer;
  }

  /**
   * @param tokenExp the caller's JWT `exp` (seconds): the entry dies with the token, so a hit never
   *   answers for a token that has expired since it was verified.
   */
  set(key: string, generation: number, answer: CachedAnswer, tokenExp?: number, now = tokenClock.nowMs()) {
    if (generation !== this.generation) return;
    if ((answer.body?.length ?? 0) > this.maxBodyChars) return;
    if (this.entries.size >= this.maxEntries) {
      const oldest = this.entries.keys().next().value;
      if (oldest !== undefined) this.entries.delete(oldest);
    }
    const until = Math.min(now + this.ttlMs, typeof tokenExp === 'number' ? tokenExp * 1000 : Infinity);
    const bytes = answer.body === null ? undefined : encoder.encode(answer.body);
    this.entries.set(key, { answer: { ...answer, bytes }, until });
  }

  clear() {
    this.generation++;
    this.entries.clear();
  }

  get size() {
    return this.entries.size;
  }
}
