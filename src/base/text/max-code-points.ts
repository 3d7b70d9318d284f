import { buildMessage, ValidateBy, ValidationOptions } from 'class-validator';

/**
 * At most `max` code points, as PostgreSQL counts a varchar's characters. class-validator's
 * MaxLength (validator's isLength) does not count the variation selectors U+FE0E/U+FE0F,
 * so a value that passes it can still overflow its column (a 500 on PostgreSQL only).
 */
export function MaxCodePoints(max: number, options?: ValidationOptions): PropertyDecorator {
  return ValidateBy(
    {
      name: 'maxCodePoints',
      constraints: [max],
      validator: {
        validate: (value) => typeof value === 'string' && [...value].length <= max,
        defaultMessage: buildMessage(
          (each) => `${each}'$property' must be at most ${max} characters`,
          options,
        ),
      },
    },
    options,
  );
}
