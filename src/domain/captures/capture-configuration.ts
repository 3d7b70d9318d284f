import type { ClientProfile, ImagesOption, OrientationOption } from '../../rendering';

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
