import { Injectable } from '@nestjs/common';
import { LRUCache } from 'lru-cache';
import { failureOf, RemoteDownload } from '../emails/fetch/remote-download';

/** BIMI's limit on the logo file (BIMI Group, SVG Tiny Portable/Secure: 32 KB). */
const MAX_BYTES = 32 * 1024;
const DEADLINE_MS = 5000;

/** A sender's BIMI logo, ready to draw, or why it is not drawn. */
export type BimiLogo = { dataUri: string } | { reason: string };

/**
 * The BIMI logos inbox views draw in place of initials: fetched once per URL with the
 * protections of every fetch of the web (RemoteDownload: no private address, a size cap, a
 * deadline), https only, and checked as SVG Tiny PS by mailauth, as a receiver checks it. The
 * SVG is drawn as an image (no script, nothing it names is loaded).
 */
@Injectable()
export class BimiLogos {
  private readonly logos = new LRUCache<string, Promise<BimiLogo>>({ max: 200, ttl: 3_600_000 });

  constructor(private readonly download: RemoteDownload) {}

  logo(url: string): Promise<BimiLogo> {
    let logo = this.logos.get(url);
    if (!logo) {
      logo = this.fetch(url);
      this.logos.set(url, logo);
    }
    return logo;
  }

  private async fetch(url: string): Promise<BimiLogo> {
    if (!url.startsWith('https://')) return { reason: 'a BIMI logo is fetched over https only' };
    const deadline = AbortSignal.timeout(DEADLINE_MS);
    try {
      const { data } = await this.download.get(url, {
        signal: deadline,
        maxBytes: MAX_BYTES,
        accept: 'image/svg+xml',
        refuseType: (type) =>
          type === 'image/svg+xml' ? undefined : `not an SVG (${type || 'no content type'})`,
      });
      // mailauth (some 300 modules) is loaded when a logo is checked, not with the service.
      const { validateBimiSvg } = await import('mailauth');
      validateBimiSvg(data);
      return { dataUri: `data:image/svg+xml;base64,${data.toString('base64')}` };
    } catch (error) {
      // In the fetcher's words, which never name what a host resolved to (failureOf).
      return { reason: `the logo could not be used: ${failureOf(error, deadline).reason}` };
    }
  }
}
