import { Environment } from './environment';
import { parseSize } from './parse-units';

export interface ImageFetchSettings {
  allowPrivateHosts: boolean;
  allowAddresses: string[];
  maxCount: number;
  maxBytes: number;
  maxTotalBytes: number;
  timeoutMs: number;
  concurrency: number;
}

export interface ResourceFetchSettings {
  maxStylesheets: number;
  importDepth: number;
  maxStylesheetBytes: number;
  maxFonts: number;
  maxFontBytes: number;
  maxTotalBytes: number;
}

export function imageFetchSettings(env: Environment): ImageFetchSettings {
  return {
    allowPrivateHosts: env.ALLOW_PRIVATE_IMAGE_HOSTS,
    allowAddresses: env.IMAGE_FETCH_ALLOW_IPS.split(',')
      .map((a) => a.trim())
      .filter(Boolean),
    maxCount: env.IMAGE_FETCH_MAX_COUNT,
    maxBytes: parseSize(env.IMAGE_FETCH_MAX_BYTES),
    maxTotalBytes: parseSize(env.IMAGE_FETCH_MAX_TOTAL_BYTES),
    timeoutMs: env.IMAGE_FETCH_TIMEOUT_MS,
    concurrency: env.IMAGE_FETCH_CONCURRENCY,
  };
}

export function resourceFetchSettings(env: Environment): ResourceFetchSettings {
  return {
    maxStylesheets: env.STYLESHEET_FETCH_MAX_COUNT,
    importDepth: env.STYLESHEET_IMPORT_DEPTH,
    maxStylesheetBytes: parseSize(env.STYLESHEET_FETCH_MAX_BYTES),
    maxFonts: env.FONT_FETCH_MAX_COUNT,
    maxFontBytes: parseSize(env.FONT_FETCH_MAX_BYTES),
    maxTotalBytes: parseSize(env.RESOURCE_FETCH_MAX_TOTAL_BYTES),
  };
}
