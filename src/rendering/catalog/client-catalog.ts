import catalogData from './client-profiles.json';
import type { ClientProfile } from './client-profile';

/**
 * The client codes this service honours, each with its emulation profile. Data lives in
 * client-profiles.json; this class only looks it up.
 */
export class ClientCatalog {
  private readonly profiles: ReadonlyMap<string, ClientProfile>;

  constructor(
    profiles: Record<string, ClientProfile> = catalogData.clients as Record<string, ClientProfile>,
  ) {
    this.profiles = new Map(Object.entries(profiles));
  }

  /** The profile of a code (case-insensitive), or undefined. */
  find(code: string): ClientProfile | undefined {
    return this.profiles.get(code.toUpperCase());
  }

  codes(): string[] {
    return [...this.profiles.keys()];
  }

  all(): ClientProfile[] {
    return [...this.profiles.values()];
  }
}

/** One shared instance: the catalog is immutable data. */
export const clientCatalog = new ClientCatalog();
