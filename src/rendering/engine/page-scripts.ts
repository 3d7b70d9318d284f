/**
 * What captures run in the page's automation world (never the email's own world: its
 * scripts are off). Plain functions, sent as their source.
 *
 * The email's markup can shadow the document's own names: `<img name="cookie">` makes
 * `document.cookie` that image, in every engine. So each function reads the document
 * through its prototype (`real`), which markup cannot reach; each defines it again, since
 * each is sent alone.
 */

/**
 * Resolves once the page's fonts are loaded and its images decoded. Each wait is bounded by
 * `capMs`: an image an engine never finishes decoding (WebKitGTK never settles `decode()` for
 * a truncated GIF, common in real mail) is drawn as it stands then, as the client shows a
 * broken image, instead of holding the capture until its deadline.
 */
export function settlePage({ capMs }: { capMs: number }): Promise<void> {
  const real = <T>(name: string): T => {
    for (let at = Object.getPrototypeOf(document); at; at = Object.getPrototypeOf(at)) {
      const found = Object.getOwnPropertyDescriptor(at, name);
      if (found) return (found.get ? found.get.call(document) : found.value.bind(document)) as T;
    }
    throw new Error(`document has no ${name}`);
  };
  const cap = new Promise<void>((resolve) => setTimeout(resolve, capMs));
  const bounded = (wait: Promise<unknown>) =>
    Promise.race([wait.catch(() => undefined), cap]).then(() => undefined);
  const images = Array.from(real<HTMLCollectionOf<HTMLImageElement>>('images'));
  return Promise.all([
    bounded(real<FontFaceSet>('fonts').ready),
    ...images.map((image) => bounded(image.decode())),
  ]).then(() => undefined);
}

/**
 * Whether the page's fonts are loaded and its images settled, asked without a promise: with
 * Firefox's scripts off (javascript.enabled), a promise in the page's realm never settles.
 */
export function pageSettled(): boolean {
  const real = <T>(name: string): T => {
    for (let at = Object.getPrototypeOf(document); at; at = Object.getPrototypeOf(at)) {
      const found = Object.getOwnPropertyDescriptor(at, name);
      if (found) return (found.get ? found.get.call(document) : found.value.bind(document)) as T;
    }
    throw new Error(`document has no ${name}`);
  };
  return (
    real<FontFaceSet>('fonts').status === 'loaded' &&
    Array.from(real<HTMLCollectionOf<HTMLImageElement>>('images')).every((image) => image.complete)
  );
}

/**
 * Draws animations at a fixed moment, then zooms the email out to the screen if the client
 * does (fit-to-width: iOS Mail, Samsung Mail), measures it and reads back the context's marker
 * cookie: one round trip, in every engine (each driver sends it as its source). A finite animation is drawn at its end and an endless one as if it had
 * not started, as Playwright's `animations: 'disabled'` does: the same email gives the same
 * pixels, and no animation keeps a software-drawn page repainting until the deadline.
 */
export function measurePage({ fitWidth, cookie }: { fitWidth: number | null; cookie: string }): {
  height: number;
  /** The document's width: wider than the viewport when the email overflows it. */
  width: number;
  marker: string;
  texts: TextSample[];
} {
  const real = <T>(name: string): T => {
    for (let at = Object.getPrototypeOf(document); at; at = Object.getPrototypeOf(at)) {
      const found = Object.getOwnPropertyDescriptor(at, name);
      if (found) return (found.get ? found.get.call(document) : found.value.bind(document)) as T;
    }
    throw new Error(`document has no ${name}`);
  };
  for (const animation of real<() => Animation[]>('getAnimations')()) {
    const end = animation.effect?.getComputedTiming().endTime;
    if (typeof end === 'number' && Number.isFinite(end)) animation.finish();
    else animation.cancel();
  }
  const root = real<HTMLElement>('documentElement');
  const body = real<HTMLElement | null>('body');
  if (fitWidth !== null && root.scrollWidth > fitWidth)
    root.style.zoom = String(fitWidth / root.scrollWidth);
  const pair = real<string>('cookie')
    .split('; ')
    .find((each) => each.startsWith(`${cookie}=`));
  return {
    height: Math.max(root.scrollHeight, body ? body.scrollHeight : 0),
    width: Math.max(root.scrollWidth, body ? body.scrollWidth : 0),
    marker: pair ? pair.slice(cookie.length + 1) : '',
    texts: sampleTextsOrNone(),
  };

  /** A page this reading cannot take (hostile markup, an engine's odd value) has no samples. */
  function sampleTextsOrNone(): TextSample[] {
    try {
      return sampleTexts();
    } catch {
      return [];
    }
  }

  /**
   * The colours text is drawn in, as the engine resolved them after every stage of the
   * client: each visible text's colour over the background colours behind it, composited,
   * down to the canvas (a probe reads the canvas colour of the scheme in use). Text over a
   * background image has no single background and is left out. Grouped by colours and size.
   */
  function sampleTexts(): TextSample[] {
    type Rgba = [number, number, number, number];
    const parse = (value: string): Rgba | null => {
      const match = /^rgba?\(([\d.]+),\s*([\d.]+),\s*([\d.]+)(?:,\s*([\d.]+))?\)$/.exec(value);
      return match
        ? [
            Number(match[1]),
            Number(match[2]),
            Number(match[3]),
            match[4] === undefined ? 1 : Number(match[4]),
          ]
        : null;
    };
    const over = (top: Rgba, bottom: Rgba): Rgba => {
      const mix = (i: number) => top[i] * top[3] + bottom[i] * (1 - top[3]);
      return [mix(0), mix(1), mix(2), 1];
    };
    const hex = (c: Rgba) =>
      '#' +
      c
        .slice(0, 3)
        .map((v) => Math.round(v).toString(16).padStart(2, '0'))
        .join('');
    const probe = real<(tag: string) => HTMLElement>('createElement')('div');
    for (const [property, value] of [
      ['background-color', 'Canvas'],
      ['position', 'absolute'],
      ['width', '0'],
      ['height', '0'],
    ])
      probe.style.setProperty(property, value, 'important');
    root.appendChild(probe);
    const probed = parse(getComputedStyle(probe).backgroundColor);
    probe.remove();
    const canvas: Rgba = probed && probed[3] === 1 ? probed : [255, 255, 255, 1];
    const behind = new Map<Element, Rgba | null>();
    const backgroundOf = (element: Element | null): Rgba | null => {
      if (!element) return canvas;
      const known = behind.get(element);
      if (known !== undefined) return known;
      const style = getComputedStyle(element);
      const colour = parse(style.backgroundColor);
      let result: Rgba | null;
      if (style.backgroundImage !== 'none') result = null;
      else if (colour && colour[3] >= 1) result = colour;
      else {
        const below = backgroundOf(element.parentElement);
        result = below && colour && colour[3] > 0 ? over(colour, below) : below;
      }
      behind.set(element, result);
      return result;
    };
    const pathOf = (element: Element) => {
      const steps: string[] = [];
      for (let at: Element | null = element; at && steps.length < 4; at = at.parentElement) {
        if (at === body || at === root) break;
        const name = at.tagName.toLowerCase();
        steps.unshift(at.id ? `${name}#${at.id}` : name);
        if (at.id) break;
      }
      return steps.join(' > ');
    };
    const groups = new Map<string, TextSample>();
    const walker = real<Document['createTreeWalker']>('createTreeWalker')(
      root,
      NodeFilter.SHOW_TEXT,
    );
    const seen = new Set<Element>();
    for (let node = walker.nextNode(), read = 0; node && read < 5000; node = walker.nextNode()) {
      const element = node.parentElement;
      const text = (node.textContent ?? '').replace(/\s+/g, ' ').trim();
      if (!element || !text || seen.has(element)) continue;
      seen.add(element);
      read++;
      const style = getComputedStyle(element);
      const size = parseFloat(style.fontSize);
      if (style.visibility !== 'visible' || style.opacity === '0' || !(size > 0)) continue;
      if (element.getClientRects().length === 0) continue;
      const background = backgroundOf(element);
      const colour = parse(style.color);
      if (!background || !colour || colour[3] === 0) continue;
      const sample = {
        color: hex(over(colour, background)),
        background: hex(background),
        fontSize: Math.round(size * 100) / 100,
        bold: Number(style.fontWeight) >= 700,
      };
      const key = `${sample.color}${sample.background}${sample.fontSize}${sample.bold}`;
      const group = groups.get(key);
      if (group) group.count++;
      else if (groups.size < 200)
        groups.set(key, { ...sample, path: pathOf(element), text: text.slice(0, 60), count: 1 });
    }
    return [...groups.values()];
  }
}

/** Visible text of one colour, background and size, as the engine drew it. */
export interface TextSample {
  /** The text's colour composited over its background, `#rrggbb`. */
  color: string;
  background: string;
  /** CSS pixels. */
  fontSize: number;
  bold: boolean;
  /** The first such text: a short path to its element, and its first characters. */
  path: string;
  text: string;
  count: number;
}
