import { Injectable } from '@nestjs/common';
import { LRUCache } from 'lru-cache';
import { Resolver } from 'node:dns/promises';
import { AppConfig } from '../config/app-config';

/** A record set as mailauth's resolver returns it: TXT as chunks per record, others as text. */
export type DnsAnswer = string[][] | string[];

/** How long an answer (or a name's absence) is kept; records change rarely and an email never. */
const CACHE_TTL_MS = 5 * 60_000;
/** Answers that say the name or the record does not exist: as final as a record. */
const NEGATIVE = new Set(['ENOTFOUND', 'ENODATA']);
/** Each query is asked twice at most: a lost packet is retried once, a dead server costs 2 waits. */
const TRIES = 2;

interface CachedAnswer {
  answer?: DnsAnswer;
  error?: NodeJS.ErrnoException;
}

/**
 * The DNS lookups of authentication (DKIM keys, SPF, DMARC, BIMI): asked of DNS_SERVERS (or
 * the machine's resolvers), each query waiting DNS_TIMEOUT_MS and tried twice at most, so a
 * resolver that does not answer fails the lookup in a bounded time with ETIMEOUT. Answers and
 * a name's absence are cached for five minutes, failures (timeouts, SERVFAIL) never.
 */
@Injectable()
export class DnsLookups {
  private readonly resolver: Resolver;
  private readonly cache = new LRUCache<string, CachedAnswer>({ max: 5000, ttl: CACHE_TTL_MS });

  constructor(config: AppConfig) {
    this.resolver = new Resolver({ timeout: config.dns.timeoutMs, tries: TRIES });
    if (config.dns.servers.length > 0) this.resolver.setServers(config.dns.servers);
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
}
