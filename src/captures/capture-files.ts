import type { AppConfig } from '../config/app-config';
import type { CaptureConfiguration } from '../emails/dto/capture-configuration.dto';

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

/** The cached JSON result of a configuration: `ol2019-vertical-allowed.json`. */
export function resultFileName(configuration: CaptureConfiguration): string {
  return `${fileStem(configuration)}.json`;
}

/** `<scheme>://<client>.capture.<CDN_DOMAIN>/<guid>/results/<file>` (CONTRACT). */
export function captureHostUrl(
  config: AppConfig,
  client: string,
  emailId: string,
  file: string,
): string {
  return `${config.cdn.scheme}://${client.toLowerCase()}.capture.${config.cdn.domain}/${emailId}/results/${file}`;
}

/** The contract's preview JSON: exactly these three URLs. */
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
  return { full_url: url('full'), thumb_url: url('thumb'), thumb450_url: url('thumb450') };
}
