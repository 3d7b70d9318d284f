/** One thing a client's sanitizer removed or changed, as reported with each render. */
export interface ReportEntry {
  /** caniemail feature slug, or `rule:<family rule>` for behaviour the data does not hold. */
  slug: string;
  title: string;
  /** Where it was found: `style block`, `style attribute`, `<video>`, ... */
  where: string;
  count: number;
}

/** Collects report entries, merging repeats of the same finding in the same place. */
export class RenderReport {
  private readonly entries = new Map<string, ReportEntry>();

  add(slug: string, title: string, where: string, count = 1): void {
    const key = `${slug}\u0000${title}\u0000${where}`;
    const existing = this.entries.get(key);
    if (existing) existing.count += count;
    else this.entries.set(key, { slug, title, where, count });
  }

  list(): ReportEntry[] {
    return [...this.entries.values()];
  }
}
