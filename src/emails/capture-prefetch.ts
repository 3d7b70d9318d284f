import type { Email } from './email.entity';
import type {
  CaptureConfiguration,
  CaptureConfigurationDto,
} from './dto/capture-configuration.dto';

/**
 * The port through which POST /v1/emails starts the captures it was asked for (CONTRACT:
 * `configurations`). The captures module provides it, so emails never depends on captures.
 */
export abstract class CapturePrefetch {
  /** Checks configurations against the catalog and fills in defaults (400 when invalid). */
  abstract resolve(configurations: CaptureConfigurationDto[]): CaptureConfiguration[];
  /** Starts the captures in the background. */
  abstract start(email: Email, configurations: CaptureConfiguration[]): void;
}
