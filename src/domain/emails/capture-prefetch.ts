import type { Email } from './email.entity';
import type { CaptureConfigurationInput } from './email-upload';

/**
 * The port through which POST /v1/emails starts the captures it was asked for
 * (docs/api.md#email-upload-details: `configurations`). The captures module provides it, so
 * emails never depends on captures: a resolved configuration (`Resolved`) is captures' own
 * type, which emails only echoes.
 */
export abstract class CapturePrefetch<Resolved extends object = object> {
  /** Checks configurations against the catalog and fills in defaults (400 when invalid). */
  abstract resolve(configurations: CaptureConfigurationInput[]): Resolved[];
  /** Holds queue places for `count` captures: a 503 (nothing started) when there are not enough. */
  abstract reserve(count: number): Promise<void>;
  /** Starts the captures in the background, on the places reserved. */
  abstract start(email: Email, configurations: Resolved[]): void;
  /** Gives reserved places back (the email was not created). */
  abstract release(count: number): void;
}
