import { Injectable } from '@nestjs/common';
import { createHash } from 'node:crypto';
import { AppConfig } from '../../../platform/config/app-config';
import { Storage } from '../../../platform/storage/storage';
import { EmailResource } from '../email-resource';
import type { FontReference } from '../resources/stylesheet-references';
import { stylesheetReferences } from '../resources/stylesheet-references';
import { codePointsOf } from '../resources/unicode-range';
import { fontTypeOf, refusedFontType } from './font-type';
import { mapWithConcurrency } from '../../../base/system/map-with-concurrency';
import { failureOf, Refused, RemoteDownload } from './remote-download';

/** What the HTML names directly; the rest is found in the stylesheets fetched. */
export interface LoadedByHtml {
  stylesheets: string[];
  fonts: FontReference[];
  /** The characters the email shows: a stylesheet's faces are fetched only for these. */
  shown: string;
}

export interface PrefetchedResources {
  resources: EmailResource[];
  /** Images named by url() in the stylesheets fetched, for the image prefetch. */
  images: string[];
}

interface Wanted {
  url: string;
  from?: string;
  depth: number;
}

/**
 * Fetches the stylesheets and web fonts an email loads, once, at POST, and stores them:
 * `<link>`ed and @imported stylesheets level by level (each URL once, so an import loop
 * ends; at most `importDepth` imports deep and `maxStylesheets` in all), and the font files
 * of the faces its text uses, each sheet's as soon as it arrives. The protections are the images' (RemoteDownload): addresses,
 * redirects, sizes, one deadline. A stylesheet must be served as text/css (as browsers
 * require of a cross-origin sheet); a font must be a font by its bytes, whatever its type
 * says. Every resource ends stored, refused or failed, with the reason.
 */
@Injectable()
export class ResourceFetcher {
  constructor(
    private readonly config: AppConfig,
    private readonly storage: Storage,
    private readonly download: RemoteDownload,
  ) {}

  async prefetch(emailId: string, named: LoadedByHtml): Promise<PrefetchedResources> {
    const deadline = AbortSignal.timeout(this.config.images.timeoutMs);
    const run = new PrefetchRun(this.config.resources.maxTotalBytes);
    const shown = codePointsOf(named.shown);
    // Font files start as soon as the stylesheet naming them arrives (the HTML's at once):
    // a font is the slowest thing an email loads, so it must not wait for other sheets.
    const fonts = [
      this.fetchFonts(
        emailId,
        named.fonts.map(({ url }) => ({ url, depth: 0 })),
        deadline,
        run,
      ),
    ];
    const images: string[] = [];
    let level: Wanted[] = this.admitStylesheets(
      run,
      named.stylesheets.map((url) => ({ url, depth: 0 })),
    );
    while (level.length > 0) {
      const found = await this.each(level, async (wanted) => {
        const sheet = await this.fetchStylesheet(emailId, wanted, deadline, run);
        if (!sheet) return { imports: [], images: [] };
        const named = stylesheetReferences(sheet.css, sheet.base, shown);
        const from = wanted.url;
        fonts.push(
          this.fetchFonts(
            emailId,
            named.fonts.map(({ url }) => ({ url, from, depth: 0 })),
            deadline,
            run,
          ),
        );
        const imports = named.imports.map((url) => ({ url, from, depth: wanted.depth + 1 }));
        return { imports, images: named.images };
      });
      // The next level and the images in document order, whichever sheet arrived first.
      images.push(...found.flatMap((sheet) => sheet.images));
      level = this.admitStylesheets(
        run,
        found.flatMap((sheet) => sheet.imports),
      );
    }
    await Promise.all(fonts);
    return { resources: run.recorded, images: [...new Set(images)] };
  }

  private async fetchFonts(
    emailId: string,
    fonts: Wanted[],
    deadline: AbortSignal,
    run: PrefetchRun,
  ): Promise<void> {
    await this.each(this.admitFonts(run, fonts), (wanted) =>
      this.fetchFont(emailId, wanted, deadline, run),
    );
  }

  /** Stylesheets not seen yet, within the depth and count limits; the rest recorded refused. */
  private admitStylesheets(run: PrefetchRun, wanted: Wanted[]): Wanted[] {
    const { maxStylesheets, importDepth } = this.config.resources;
    const admitted: Wanted[] = [];
    for (const sheet of wanted) {
      if (!run.firstTime('stylesheet', sheet.url)) continue; // an import loop ends here
      if (sheet.depth > importDepth)
        run.refuse('stylesheet', sheet, `imported more than ${importDepth} levels deep`);
      else if (run.count('stylesheet') >= maxStylesheets)
        run.overflow('stylesheet', sheet, `more than ${maxStylesheets} stylesheets`);
      else {
        run.admit('stylesheet');
        admitted.push(sheet);
      }
    }
    return admitted;
  }

  private admitFonts(run: PrefetchRun, wanted: Wanted[]): Wanted[] {
    const { maxFonts } = this.config.resources;
    return wanted.filter((font) => {
      if (!run.firstTime('font', font.url)) return false;
      if (run.count('font') >= maxFonts) {
        run.overflow('font', font, `more than ${maxFonts} font files`);
        return false;
      }
      run.admit('font');
      return true;
    });
  }

  private async fetchStylesheet(
    emailId: string,
    wanted: Wanted,
    deadline: AbortSignal,
    run: PrefetchRun,
  ): Promise<{ css: string; base: string } | null> {
    try {
      const { data, finalUrl } = await this.download.get(wanted.url, {
        signal: deadline,
        maxBytes: Math.min(this.config.resources.maxStylesheetBytes, run.bytesLeft),
        accept: 'text/css',
        refuseType: (type) =>
          type === 'text/css' ? undefined : `not a stylesheet (${type || 'no content type'})`,
      });
      await this.store(emailId, 'stylesheet', wanted, data, 'text/css', run);
      return { css: data.toString('utf8'), base: finalUrl };
    } catch (error) {
      run.fail('stylesheet', wanted, error, deadline);
      return null;
    }
  }

  private async fetchFont(
    emailId: string,
    wanted: Wanted,
    deadline: AbortSignal,
    run: PrefetchRun,
  ): Promise<void> {
    try {
      const { data } = await this.download.get(wanted.url, {
        signal: deadline,
        maxBytes: Math.min(this.config.resources.maxFontBytes, run.bytesLeft),
        accept: 'font/woff2, font/woff, font/ttf, font/otf, */*;q=0.1',
        refuseType: refusedFontType,
      });
      const type = fontTypeOf(data);
      if (!type)
        throw new Refused('not a font (its bytes are no woff2, woff, TrueType or OpenType)');
      await this.store(emailId, 'font', wanted, data, type, run);
    } catch (error) {
      run.fail('font', wanted, error, deadline);
    }
  }

  private async store(
    emailId: string,
    kind: EmailResource['kind'],
    wanted: Wanted,
    data: Buffer,
    contentType: string,
    run: PrefetchRun,
  ): Promise<void> {
    const key = `emails/${emailId}/resources/${createHash('sha256').update(wanted.url).digest('hex').slice(0, 32)}`;
    run.spend(data.length);
    const location = await this.storage.put(key, data, contentType);
    run.record({
      url: wanted.url,
      kind,
      status: 'stored',
      ...(wanted.from ? { from: wanted.from } : {}),
      key,
      location,
      content_type: contentType,
      bytes: data.length,
    });
  }

  private each<T>(items: Wanted[], task: (item: Wanted) => Promise<T>): Promise<T[]> {
    return mapWithConcurrency(items, this.config.images.concurrency, task);
  }
}

/** One email's prefetch: what was seen, counted, spent and recorded. */
class PrefetchRun {
  readonly recorded: EmailResource[] = [];
  private readonly seen = new Set<string>();
  private readonly admitted = { stylesheet: 0, font: 0 };
  /** Resources past a count limit: the first is recorded with how many more there were. */
  private readonly over = new Map<EmailResource['kind'], { entry: EmailResource; more: number }>();

  constructor(public bytesLeft: number) {}

  firstTime(kind: EmailResource['kind'], url: string): boolean {
    const id = `${kind} ${url}`;
    if (this.seen.has(id)) return false;
    this.seen.add(id);
    return true;
  }

  count(kind: EmailResource['kind']): number {
    return this.admitted[kind];
  }

  admit(kind: EmailResource['kind']): void {
    this.admitted[kind]++;
  }

  spend(bytes: number): void {
    this.bytesLeft -= bytes;
  }

  record(resource: EmailResource): void {
    this.recorded.push(resource);
  }

  refuse(kind: EmailResource['kind'], wanted: Wanted, reason: string): void {
    this.record({ url: wanted.url, kind, status: 'refused', ...fromOf(wanted), reason });
  }

  /**
   * Past a count limit, one record stands for all the rest (a stylesheet of 10,000
   * @imports must not make the email's record, and every capture's report, 10,000 lines).
   */
  overflow(kind: EmailResource['kind'], wanted: Wanted, reason: string): void {
    const first = this.over.get(kind);
    if (first) {
      first.more++;
      first.entry.reason = `${reason}: this one and ${first.more} more were not fetched`;
      return;
    }
    const entry: EmailResource = {
      url: wanted.url,
      kind,
      status: 'refused',
      ...fromOf(wanted),
      reason,
    };
    this.over.set(kind, { entry, more: 0 });
    this.recorded.push(entry);
  }

  fail(kind: EmailResource['kind'], wanted: Wanted, error: unknown, deadline: AbortSignal): void {
    const { refused, reason } = failureOf(error, deadline);
    this.record({
      url: wanted.url,
      kind,
      status: refused ? 'refused' : 'failed',
      ...fromOf(wanted),
      reason,
    });
  }
}

function fromOf(wanted: Wanted): { from?: string } {
  return wanted.from ? { from: wanted.from } : {};
}
