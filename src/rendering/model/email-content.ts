/** An image the email may show: its stored copy, looked up by the URL written in the HTML. */
export interface RenderImage {
  url: string;
  contentType: string;
  data: Buffer;
}

/** A stylesheet or web font the email loads: its stored copy, or why there is none. */
export type RenderResource = {
  url: string;
  kind: 'stylesheet' | 'font';
  /** The stylesheet that names it; absent when the HTML does. */
  from?: string;
} & (
  | { status: 'stored'; contentType: string; data: Buffer }
  | { status: 'refused' | 'failed'; reason: string }
);

/** What the renderer needs from an email: its content and its stored images. */
export interface EmailContent {
  html: string | null;
  text: string | null;
  images: RenderImage[];
  /** Its stylesheets and web fonts, each with its fate (none: it loads none). */
  resources?: RenderResource[];
  /** The images it names that have no stored copy, and why (refused or failed at POST). */
  missingImages?: { url: string; reason: string }[];
}

/** Buffers cross into a preparation thread as plain Uint8Arrays: the same bytes as a Buffer. */
export function asBuffer(data: Uint8Array): Buffer {
  return Buffer.isBuffer(data) ? data : Buffer.from(data.buffer, data.byteOffset, data.byteLength);
}

/** Origin the renderer serves stored images from; nothing else is ever fetched. */
export const ASSET_ORIGIN = 'https://assets.render.invalid';
export const MISSING_IMAGE = `${ASSET_ORIGIN}/missing`;

export interface ImagePlan {
  /** Path under ASSET_ORIGIN → image served for it. */
  served: Map<string, RenderImage>;
}
