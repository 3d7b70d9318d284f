import { CLIENT_FAMILIES } from '../families/lookup';
import type { ClientProfile } from '../profile/client-profile';
import { validateProfiles } from './catalog-validation';
import { catalogueProfiles } from './catalogue-profiles';

/**
 * The client codes this service honours, each with its emulation profile. A profile lives in
 * its family's folder (families/<family>/profiles.json); this class checks them against the
 * client families when it loads (the service does not start with a profile the code cannot
 * run) and looks them up.
 */
export class ClientCatalog {
  private readonly profiles: ReadonlyMap<string, ClientProfile>;

  constructor(profiles: Record<string, unknown> = catalogueProfiles(CLIENT_FAMILIES.values())) {
    this.profiles = new Map(Object.entries(validateProfiles(profiles, CLIENT_FAMILIES)));
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
