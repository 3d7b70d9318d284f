/** One thing a client's sanitizer or engine removed or changed, as reported with each render. */
export interface ReportEntry {
  /** caniemail feature slug, or `rule:<family rule>` for behaviour the data does not hold. */
  slug: string;
  title: string;
  /** Where it was found: `style block`, `style attribute`, `<video>`, ... */
  where: string;
  /**
   * The public record of the behaviour: `caniemail css-height #2`, `email-bugs#31`,
   * `buttons.cm`, a vendor's documentation ... so a user can check why the preview differs.
   */
  source: string;
  count: number;
}

/** Where a transform reports what it did. */
export interface ReportSink {
  add(slug: string, title: string, where: string, source: string, count?: number): void;
}

/**
 * A sink that remembers what was reported, to report it again: transforms whose result
 * depends only on a style attribute's text run once per distinct text and replay.
 */
export class RecordedReport implements ReportSink {
  private readonly calls: Parameters<ReportSink['add']>[] = [];
  add(...call: Parameters<ReportSink['add']>): void {
    this.calls.push(call);
  }
  replayTo(report: ReportSink): void {
    for (const call of this.calls) report.add(...call);
  }
}

/** Collects report entries, merging repeats of the same finding in the same place. */
export class RenderReport implements ReportSink {
  private readonly entries = new Map<string, ReportEntry>();

  add(slug: string, title: string, where: string, source: string, count = 1): void {
    const key = `${slug}\u0000${title}\u0000${where}`;
    const existing = this.entries.get(key);
    if (existing) existing.count += count;
    else this.entries.set(key, { slug, title, where, source, count });
  }

  list(): ReportEntry[] {
    return [...this.entries.values()];
  }
}

/** The source line of a caniemail feature, with the note numbers that apply when any. */
export function caniemailSource(slug: string, notes: readonly string[] = []): string {
  return ['caniemail', slug, ...notes.map((note) => `#${note}`)].join(' ');
}
