import type { AppConfig } from '../../../platform/config/app-config';
import type { CaptureConfiguration } from './capture-configuration';

export type ImageSize = 'full' | 'thumb' | 'thumb450';
export const IMAGE_SIZES: ImageSize[] = ['full', 'thumb', 'thumb450'];

/** `<client>-<orientation>-<images>` in lower case, the stem of every result file (ref). */
export function fileStem(configuration: CaptureConfiguration): string {
  return `${configuration.client}-${configuration.orientation}-${configuration.images}`.toLowerCase();
}

/** `ol2019-vertical-allowed-800.png`, `...-800-thumb.png`, `...-800-thumb450.png` (ref). */
export function imageFileName(
  configuration: CaptureConfiguration,
  viewportWidth: number,
  size: ImageSize,
): string {
  return `${fileStem(configuration)}-${viewportWidth}${size === 'full' ? '' : `-${size}`}.png`;
}

/**
 * Where a render's files are stored, named by their content: the full image by its SHA-256,
 * the thumbnails by it and the top they show. Captures that share a render (clients with
 * the same pixel inputs) name the same keys, so each file is stored once; a file is deleted
 * when no captured row holds it any more (CaptureStateMachine.deleteUnheld). The URLs are each
 * capture's own and unchanged: they name the configuration, the capture host looks the
 * key up in the capture's row.
 */
export function renderFileKeys(
  emailId: string,
  render: { digest: string; thumbnailTop: number },
): Record<ImageSize, string> {
  const stem = `captures/${emailId}/renders/${render.digest}`;
  return {
    full: `${stem}.png`,
    thumb: `${stem}-top${render.thumbnailTop}-thumb.png`,
    thumb450: `${stem}-top${render.thumbnailTop}-thumb450.png`,
  };
}

/** The email whose render a key of renderFileKeys names; null for any other key. */
export function emailOfRenderKey(key: string): string | null {
  return /^captures\/([0-9a-f-]{36})\/renders\//.exec(key)?.[1] ?? null;
}

const RESULT_PATH =
  /^\/([0-9a-f-]{36})\/results\/(([a-z0-9]+)-(vertical|horizontal)-(allowed|blocked)(?:-\d+(?:-thumb|-thumb450|-diff-[0-9a-f-]{36})?\.png|\.json)|([a-z0-9]+)-(inbox)-(light|dark)-\d+\.png)$/i;

/** A path on the capture host, read back: the names built here, and nothing else. */
export interface ResultPath {
  emailId: string;
  configuration: CaptureConfiguration;
  /** The file name, lower case (a key of the capture's files, or the JSON result). */
  file: string;
  kind: 'image' | 'json';
  /** A comparison's diff image (diffFileName), recorded after its capture. */
  diff: boolean;
}

/** Parses `/<guid>/results/<file>` as built by imageFileName or resultFileName; null if not. */
export function parseResultPath(path: string): ResultPath | null {
  const match = RESULT_PATH.exec(path);
  if (!match) return null;
  const [, guid, file, ...parts] = match;
  // A preview's three parts, or an inbox view's (its client, 'inbox', its appearance).
  const [client, orientation, images] = parts[0] ? parts.slice(0, 3) : parts.slice(3);
  return {
    emailId: guid.toLowerCase(),
    configuration: {
      client: client.toUpperCase(),
      orientation: orientation.toLowerCase(),
      images: images.toLowerCase(),
    } as CaptureConfiguration,
    file: file.toLowerCase(),
    kind: file.toLowerCase().endsWith('.json') ? 'json' : 'image',
    diff: /-diff-[0-9a-f-]{36}\.png$/i.test(file),
  };
}

/**
 * A comparison's diff image, kept with the head capture's files (stored, moved and purged
 * with them): `ol2019-vertical-allowed-800-diff-<base email guid>.png`.
 */
export function diffFileName(
  configuration: CaptureConfiguration,
  viewportWidth: number,
  baseEmailId: string,
): string {
  return `${fileStem(configuration)}-${viewportWidth}-diff-${baseEmailId.toLowerCase()}.png`;
}

/** The cached JSON result of a configuration: `ol2019-vertical-allowed.json`. */
export function resultFileName(configuration: CaptureConfiguration): string {
  return `${fileStem(configuration)}.json`;
}

/**
 * `<scheme>://<client>.capture.<CDN_DOMAIN>/<guid>/results/<file>`
 * (docs/api.md#addresses-and-hosts).
 */
export function captureHostUrl(
  config: AppConfig,
  client: string,
  emailId: string,
  file: string,
): string {
  return `${config.cdn.scheme}://${client.toLowerCase()}.capture.${config.cdn.domain}/${emailId}/results/${file}`;
}

/** Where the emulation report of a configuration is served (docs/api.md#emulation-report). */
export function reportUrl(
  config: AppConfig,
  configuration: CaptureConfiguration,
  emailId: string,
): string {
  const query = new URLSearchParams({
    images: configuration.images,
    orientation: configuration.orientation,
  });
  return `${config.apiBaseUrl}/emails/${emailId}/previews/${configuration.client}/report?${query}`;
}

/** The contract's preview JSON: the three URLs that never change, and the report's address. */
export function previewBody(
  config: AppConfig,
  configuration: CaptureConfiguration,
  emailId: string,
  viewportWidth: number,
) {
  const url = (size: ImageSize) =>
    captureHostUrl(
      config,
      configuration.client,
      emailId,
      imageFileName(configuration, viewportWidth, size),
    );
  return {
    full_url: url('full'),
    thumb_url: url('thumb'),
    thumb450_url: url('thumb450'),
    report_url: reportUrl(config, configuration, emailId),
  };
}
