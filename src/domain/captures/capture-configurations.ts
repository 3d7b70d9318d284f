import { Injectable } from '@nestjs/common';
import { ApiError } from '../../base/errors/api-error';
import { ClientCatalog, unofferedOption } from '../../rendering';
import type { CaptureConfigurationInput, CaptureOptionsInput } from '../emails/email-upload';
import { CheckedConfiguration } from './capture-configuration';

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
