import type { ClientFamily } from '../model/client-family';
import type { InboxLayout } from '../model/inbox-layout';
import type { ClientProfile } from '../profile/client-profile';
import { FAMILY_REGISTRY } from './registry';

function byName(): ReadonlyMap<string, ClientFamily> {
  const families = new Map<string, ClientFamily>();
  for (const family of FAMILY_REGISTRY) {
    if (families.has(family.name))
      throw new Error(`Two client families are named '${family.name}'`);
    families.set(family.name, family);
  }
  return families;
}

/** Every registered client family, by the name profiles give it. */
export const CLIENT_FAMILIES = byName();

/** The family of a profile (the catalogue checks every profile's family when it loads). */
export function familyOf(profile: ClientProfile): ClientFamily {
  const family = CLIENT_FAMILIES.get(profile.family);
  if (!family) throw new Error(`${profile.code}: unknown client family '${profile.family}'`);
  return family;
}

/** The message-list layout of a profile's client, or null where its family documents none. */
export function inboxLayoutOf(profile: ClientProfile): InboxLayout | null {
  return familyOf(profile).inboxLayouts?.find((layout) => layout.matches(profile)) ?? null;
}

/** Every family's message-list layouts, in the registry's order. */
export function inboxLayouts(): readonly InboxLayout[] {
  return [...CLIENT_FAMILIES.values()].flatMap((family) => family.inboxLayouts ?? []);
}
