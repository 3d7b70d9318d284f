import { Injectable } from '@nestjs/common';
import { ApiError } from '../../../base/errors/api-error';
import { ClientCatalog, unofferedOption } from '../../../rendering';
import type { ClientProfile, ImagesOption, OrientationOption } from '../../../rendering';
import type { CaptureConfigurationInput, CaptureOptionsInput } from '../../emails/email-upload';

/**
 * A capture's configuration, its defaults filled in: with its email, what a Capture row is
 * unique by, and what POST /v1/emails and prefetch echo back
 * (docs/api.md#preview-options-and-defaults).
 */
export interface CaptureConfiguration {
  client: string;
  images: ImagesOption;
  orientation: OrientationOption;
}

/** The configuration a capture row was made for. */
export function configurationOf(capture: {
  client: string;
  images: string;
  orientation: string;
}): CaptureConfiguration {
  return {
    client: capture.client,
    images: capture.images as ImagesOption,
    orientation: capture.orientation as OrientationOption,
  };
}

/**
 * A configuration checked against the catalogue, holding the client's profile it was checked
 * against: a request resolves the profile once and it is carried down to the render. The
 * profile is a private field, so the configuration still echoes, stores and queues as the
 * three fields above (a queued job carries the client code; a worker resolves it itself).
 */
export class CheckedConfiguration implements CaptureConfiguration {
  // Declared in the order the contract echoes them: client, images, orientation.
  readonly client: string;
  readonly images: ImagesOption;
  readonly orientation: OrientationOption;
  readonly #profile: ClientProfile;

  constructor(profile: ClientProfile, images: ImagesOption, orientation: OrientationOption) {
    this.client = profile.code;
    this.images = images;
    this.orientation = orientation;
    this.#profile = profile;
  }

  get profile(): ClientProfile {
    return this.#profile;
  }
}

/**
 * Checks configurations against the catalog (docs/api.md#preview-options-and-defaults: a
 * client offers only the options its entry lists) and fills in the defaults: images=allowed,
 * orientation=vertical. Each client's profile is looked up once, here, and travels with the
 * checked configuration down to the render.
 */
@Injectable()
export class CaptureConfigurations {
  constructor(private readonly catalog: ClientCatalog) {}

  /** The configurations of POST /v1/emails and prefetch. */
  resolve(dtos: CaptureConfigurationInput[]): CheckedConfiguration[] {
    return dtos.map((dto) =>
      this.check(dto.client, dto, `Each client must be valid, '${dto.client}' is unknown`),
    );
  }

  /** A preview's configuration: its path's client code and its query's options. */
  ofPreview(client: string, options: CaptureOptionsInput): CheckedConfiguration {
    return this.check(client, options, "'client' must be valid, see /clients");
  }

  private check(client: string, options: CaptureOptionsInput, unknown: string) {
    const profile = this.catalog.find(client);
    if (!profile) throw ApiError.badRequest(unknown);
    const configuration = new CheckedConfiguration(
      profile,
      options.images ?? 'allowed',
      options.orientation ?? 'vertical',
    );
    const unoffered = unofferedOption(profile, configuration);
    if (unoffered)
      throw ApiError.badRequest(
        `'${unoffered.name}' must be one of ${quoteAll(unoffered.offered)} for ${profile.code}`,
      );
    return configuration;
  }
}

function quoteAll(values: readonly string[]): string {
  return values.map((value) => `'${value}'`).join(', ');
}
