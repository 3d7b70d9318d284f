import { ValidationOptions, ValidateBy, buildMessage } from 'class-validator';

/**
 * C0 and C1 controls (NUL, CR, LF, ESC, ...) and the bidirectional formatting characters
 * (LRM, RLM, ALM, the embeddings, overrides and isolates) that make an identifier print
 * as something else in a report, a terminal or a spreadsheet.
 */
export const CONTROL_OR_BIDI = /[\p{Cc}\u061C\u200E\u200F\u202A-\u202E\u2066-\u2069]/u;

/** Printable identifier text: no control or bidi characters, and not only whitespace. */
export function IsIdentifierText(options?: ValidationOptions): PropertyDecorator {
  return ValidateBy(
    {
      name: 'isIdentifierText',
      validator: {
        validate: (value) =>
          typeof value === 'string' && !CONTROL_OR_BIDI.test(value) && value.trim() !== '',
        defaultMessage: buildMessage(
          (each) =>
            `${each}'$property' must be printable text: no control or bidirectional characters, and not blank`,
          options,
        ),
      },
    },
    options,
  );
}
