import type { ClientFamily } from '../model/client-family';
import listing from './listing-order.json';

/**
 * The catalogue's profiles, gathered from the families that own them (each folder's
 * profiles.json, its family's name added), in the listing's order (listing-order.json: the
 * reference catalogue's, then clients as they were added); codes it does not name follow,
 * family by family. A code two families claim is refused: the service would not start.
 */
export function catalogueProfiles(
  families: Iterable<ClientFamily>,
  order: readonly string[] = listing.order,
): Record<string, unknown> {
  const found = new Map<string, object>();
  for (const family of families) {
    for (const [code, profile] of Object.entries(family.profiles)) {
      const claimed = found.get(code) as { family?: string } | undefined;
      if (claimed)
        throw new Error(`${code} is a profile of both ${claimed.family} and ${family.name}`);
      found.set(code, { ...profile, family: family.name });
    }
  }
  const listed = order.filter((code) => found.has(code));
  const rest = [...found.keys()].filter((code) => !listed.includes(code));
  return Object.fromEntries([...listed, ...rest].map((code) => [code, found.get(code)]));
}
