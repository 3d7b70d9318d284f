import { LRUCache } from 'lru-cache';
import { Resolver } from 'node:dns/promises';

/** A record set as mailauth's resolver returns it: TXT as chunks per record, others as text. */
export type DnsAnswer = string[][] | string[];

export interface DnsSettings {
  /** DNS_SERVERS: addresses with optional ports; empty, the machine's resolvers. */
  servers: string[];
  /** DNS_TIMEOUT_MS: how long one query waits for an answer. */
  timeoutMs: number;
}

/** How long an answer (or a name's absence) is kept; records change rarely and an email never. */
const CACHE_TTL_MS = 5 * 60_000;
/**
 * What the cache may hold, counted in bytes of names and records, not entries: a hostile
 * message names thousands of selectors, and a TXT record can be tens of kilobytes.
 */
const CACHE_BYTES = 4 * 1024 * 1024;
/** Answers that say the name or the record does not exist: as final as a record. */
const NEGATIVE = new Set(['ENOTFOUND', 'ENODATA']);
/** Each query is asked twice at most: a lost packet is retried once, a dead server costs 2 waits. */
const TRIES = 2;
/** The code of a lookup refused because its message used up its share (LookupBudget). */
export const LOOKUP_LIMIT = 'ELOOKUPLIMIT';

interface CachedAnswer {
  answer?: DnsAnswer;
  error?: NodeJS.ErrnoException;
}

/**
 * The DNS lookups of authentication (DKIM keys, SPF, DMARC, BIMI): asked of DNS_SERVERS (or
 * the machine's resolvers), each query waiting DNS_TIMEOUT_MS and tried twice at most, so a
 * resolver that does not answer fails the lookup in a bounded time with ETIMEOUT. Answers and
 * a name's absence are cached for five minutes within a bounded size, failures (timeouts,
 * SERVFAIL) never.
 */
export class DnsLookups {
  private readonly resolver: Resolver;
  private readonly cache = new LRUCache<string, CachedAnswer>({
    maxSize: CACHE_BYTES,
    sizeCalculation: (value, key) => key.length + JSON.stringify(value.answer ?? '').length + 64,
    ttl: CACHE_TTL_MS,
  });

  constructor(settings: DnsSettings) {
    this.resolver = new Resolver({ timeout: settings.timeoutMs, tries: TRIES });
    if (settings.servers.length > 0) this.resolver.setServers(settings.servers);
  }

  /** Who is asked, as answers name it: the servers configured, or the machine's. */
  get servers(): string[] {
    return this.resolver.getServers();
  }

  /** mailauth's resolver: `(name, type)` to records, or the resolver's error. */
  readonly resolve = async (name: string, type: string): Promise<DnsAnswer> => {
    const key = `${type} ${name.toLowerCase()}`;
    let cached = this.cache.get(key);
    if (!cached) {
      cached = await this.resolver.resolve(name, type).then(
        (answer) => ({ answer: answer as DnsAnswer }),
        (error: NodeJS.ErrnoException) => ({ error }),
      );
      if (!cached.error || NEGATIVE.has(cached.error.code ?? '')) this.cache.set(key, cached);
    }
    if (cached.error) throw cached.error;
    return cached.answer as DnsAnswer;
  };

  /** A resolver for one message: at most `lookups` queries (cached ones count too). */
  budget(lookups: number): LookupBudget {
    return new LookupBudget(this.resolve, lookups);
  }
}

/**
 * One message's share of DNS: past `max` lookups every further one fails at once with
 * ELOOKUPLIMIT, so a message naming a thousand selectors waits on no more than `max`.
 * Remembers whether a lookup failed for a reason that may pass (a timeout, SERVFAIL): only
 * then is the message's answer worth asking again.
 */
export class LookupBudget {
  private used = 0;
  /** A lookup failed for a reason that may pass: the answer is not final. */
  transientFailure = false;
  /** The budget ran out: some lookups were not made. */
  exhausted = false;

  constructor(
    private readonly resolve: (name: string, type: string) => Promise<DnsAnswer>,
    private readonly max: number,
  ) {}

  readonly resolver = async (name: string, type: string): Promise<DnsAnswer> => {
    if (++this.used > this.max) {
      this.exhausted = true;
      throw Object.assign(
        new Error(`not looked up: the message needs more than ${this.max} DNS lookups`),
        { code: LOOKUP_LIMIT },
      );
    }
    try {
      return await this.resolve(name, type);
    } catch (error) {
      if (!NEGATIVE.has((error as NodeJS.ErrnoException).code ?? '')) this.transientFailure = true;
      throw error;
    }
  };
}
