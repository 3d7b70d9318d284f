import { clientCatalog } from '../../src/rendering/catalog/client-catalog';
import { behaviourById, type Behaviour } from '../../src/rendering/fidelity/behaviour-catalogue';
import type { ReportEntry } from '../../src/rendering/model/render-report';
import type { ClientProfile } from '../../src/rendering/profile/client-profile';
import type { RenderOptions } from '../../src/rendering/profile/options';
import type { Renderer, RenderResult } from '../../src/rendering/render';
import type { RenderImage } from '../../src/rendering/model/email-content';
import { isGreen, Pixels, readPixels } from '../support/pixels';
import { testRenderer } from '../support/renderer';

/**
 * One documented client behaviour, proven in pixels
 * (docs/fidelity.md#documented-behaviour-probes): a small email that isolates it, the client,
 * and what the real client is documented to show. What the behaviour is and where it is
 * documented are the catalogue's (src/rendering/families/<family>/behaviours/, under `id`), which the
 * fidelity record of each client publishes. `control` names a client documented to show the
 * opposite, so the probe is seen to fail where the behaviour does not apply.
 */
export interface Probe {
  /** The behaviour's id in the catalogue. */
  id: string;
  html: string;
  client: string;
  /** Whether the picture shows the documented outcome. */
  shows: (pixels: Pixels, result: RenderResult) => boolean;
  /** Clients documented to render the email without this behaviour (`shows` is false). */
  control: string[];
  options?: Partial<RenderOptions>;
  /** Stored copies of the images the email references (made when the probe runs). */
  images?: () => Promise<RenderImage[]>;
}

/** A whole email whose body carries `bodyAttributes`. */
export const page = (body: string, bodyAttributes: string, head = '') =>
  `<!DOCTYPE html><html><head><meta charset="utf-8">${head}</head><body ${bodyAttributes}>${body}</body></html>`;

/** A whole email with no body margin, so boxes start at the top left. */
export const html = (body: string, head = '') => page(body, 'style="margin:0"', head);

export const style = (css: string) => `<style>${css}</style>`;

/** A 40 px box that class `a` colours: the probes' witness of whether a style rule applied. */
export const GREEN_BOX = '<div class="a" style="height:40px">&nbsp;</div>';

/** Whether the picture shows a green box (500 pixels at least), or no green at all. */
export const hasGreen = (pixels: Pixels) => pixels.count(isGreen) > 500;
export const noGreen = (pixels: Pixels) => pixels.count(isGreen) === 0;

/**
 * The same client drawn by another engine: a profile of the same family, support data, rules,
 * device and colour scheme whose engine differs (GMAILNEW in Edge, FFGMAILNEW in Firefox).
 * A documented behaviour is the client's, so it must hold whichever engine draws it.
 */
export function engineTwins(code: string): string[] {
  const profile = clientCatalog.find(code)!;
  const same = (other: ClientProfile) =>
    other.engine !== profile.engine &&
    other.family === profile.family &&
    JSON.stringify([other.caniemail, other.rules, other.capture, other.viewport]) ===
      JSON.stringify([profile.caniemail, profile.rules, profile.capture, profile.viewport]) &&
    other.device_scale_factor === profile.device_scale_factor &&
    other.dark === profile.dark;
  const twins = clientCatalog.all().filter(same);
  // One per engine is enough.
  return twins
    .filter((twin, i) => twins.findIndex((t) => t.engine === twin.engine) === i)
    .map((t) => t.code);
}

/**
 * Registers one jest test per probe, rendering it in its client and in each control, and in
 * each of their engine twins (engineTwins): the fidelity suite runs on every engine that draws
 * the client.
 */
export function describeProbes(family: string, probes: Probe[]): void {
  describe(`fidelity: ${family}`, () => {
    let renderer: Renderer;
    beforeAll(() => (renderer = testRenderer()));
    afterAll(() => renderer.close());

    const outcome = async (probe: Probe, client: string) => {
      const result = await renderer.render(
        { html: probe.html, text: null, images: (await probe.images?.()) ?? [] },
        client,
        { images: 'allowed', orientation: 'vertical', ...probe.options },
      );
      return probe.shows(await readPixels(result.full), result);
    };

    for (const probe of probes) {
      const { behaviour, source } = catalogued(probe.id);
      it(`${probe.id}: ${probe.client}: ${behaviour} (${source}); not in ${probe.control.join(', ')}`, async () => {
        expect({ client: probe.client, shows: await outcome(probe, probe.client) }).toEqual({
          client: probe.client,
          shows: true,
        });
        for (const twin of engineTwins(probe.client))
          expect({ client: twin, shows: await outcome(probe, twin) }).toEqual({
            client: twin,
            shows: true,
          });
        for (const client of probe.control.flatMap((code) => [code, ...engineTwins(code)]))
          expect({ client, shows: await outcome(probe, client) }).toEqual({ client, shows: false });
      });
    }
  });
}

/** A probe's catalogue entry: it must be there, marked emulated. */
function catalogued(id: string): Behaviour {
  const entry = behaviourById(id);
  if (!entry)
    throw new Error(`probe ${id}: no such behaviour in src/rendering/families/<family>/behaviours`);
  if (entry.status !== 'emulated')
    throw new Error(`probe ${id}: the catalogue says ${entry.status}`);
  return entry;
}

/** Whether the report names a behaviour (its slug or title matches). */
export const reported = (result: RenderResult, pattern: RegExp) =>
  result.report.some((entry: ReportEntry) => pattern.test(entry.slug) || pattern.test(entry.title));

type Rgb = [number, number, number];
/** A colour within `tolerance` of `target` on every channel. */
export const near =
  (target: Rgb, tolerance = 40) =>
  ([r, g, b]: Rgb) =>
    Math.abs(r - target[0]) <= tolerance &&
    Math.abs(g - target[1]) <= tolerance &&
    Math.abs(b - target[2]) <= tolerance;

/** Width in CSS pixels of the box of pixels matching `test` (0 when none). */
export function boxWidth(pixels: Pixels, test: (rgb: Rgb) => boolean, scale = 1): number {
  const box = pixels.bounds(test);
  return box ? Math.round((box.right - box.left + 1) / scale) : 0;
}

/** Height in CSS pixels of the box of pixels matching `test` (0 when none). */
export function boxHeight(pixels: Pixels, test: (rgb: Rgb) => boolean, scale = 1): number {
  const box = pixels.bounds(test);
  return box ? Math.round((box.bottom - box.top + 1) / scale) : 0;
}

/** A titled list of probes, as a `*.probes.ts` file exports them (PROBE_GROUPS). */
export interface ProbeGroup {
  name: string;
  probes: Probe[];
}
