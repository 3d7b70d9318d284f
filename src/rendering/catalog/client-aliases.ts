import aliasData from './client-aliases.json';
import { clientCatalog, type ClientCatalog } from './client-catalog';

/** How long a retired code keeps answering through its alias, at least. */
export const MIN_DEPRECATION_DAYS = 90;
const DAY_MS = 86_400_000;

export interface RetiredCode {
  /** The code integrators still send. */
  code: string;
  /** The code that draws it now. */
  successor: string;
  /** From when answers say it is deprecated (RFC 9745). */
  deprecated: Date;
  /** When it stops answering (RFC 8594). */
  sunset: Date;
}

interface AliasEntry {
  successor: string;
  deprecated: string;
  sunset: string;
}

/**
 * Retired or renamed client codes (client-aliases.json): until its sunset such a code answers
 * as its successor does, and the answer says so. Checked on load like the catalogue itself: the
 * service does not start with an alias to nowhere, over a current code, or shorter than 90 days.
 */
export class ClientAliases {
  private readonly retired: ReadonlyMap<string, RetiredCode>;

  constructor(
    aliases: Record<string, AliasEntry> = aliasData.aliases,
    catalog: ClientCatalog = clientCatalog,
  ) {
    this.retired = new Map(
      Object.entries(aliases).map(([code, entry]) => {
        const retired = checked(code.toUpperCase(), entry, catalog);
        return [retired.code, retired];
      }),
    );
  }

  /** The retired code `code` names while it still answers, or undefined. */
  find(code: string, now: Date): RetiredCode | undefined {
    const retired = this.retired.get(code.toUpperCase());
    return retired && now < retired.sunset ? retired : undefined;
  }

  all(): RetiredCode[] {
    return [...this.retired.values()];
  }
}

function checked(code: string, entry: AliasEntry, catalog: ClientCatalog): RetiredCode {
  const fail = (why: string) => {
    throw new Error(`client alias ${code}: ${why}`);
  };
  if (catalog.find(code)) fail('is a current client code');
  if (!catalog.find(entry.successor)) fail(`successor ${entry.successor} is not a client code`);
  const deprecated = new Date(entry.deprecated);
  const sunset = new Date(entry.sunset);
  if (Number.isNaN(deprecated.getTime()) || Number.isNaN(sunset.getTime()))
    fail('deprecated and sunset must be ISO 8601 dates');
  if (sunset.getTime() - deprecated.getTime() < MIN_DEPRECATION_DAYS * DAY_MS)
    fail(`its sunset must be ${MIN_DEPRECATION_DAYS} days or more after its deprecation`);
  return { code, successor: entry.successor.toUpperCase(), deprecated, sunset };
}

/** One shared instance: the aliases are immutable data. */
export const clientAliases = new ClientAliases();
