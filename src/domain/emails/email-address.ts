import { parseOneAddress } from 'email-addresses';
import { ValidateBy, ValidationOptions } from 'class-validator';

/**
 * An address as RFC 5322 writes one (addr-spec: `dev@localhost`, `a@b.c`, a quoted local
 * part, a domain literal; UTF-8 as RFC 6532 allows), by the email-addresses parser of its
 * grammar. No top-level domain is asked for: a sender may send from any host, and test mail
 * often comes from a local one.
 */
export function isEmailAddress(text: string): boolean {
  const parsed = parseOneAddress({ input: text, rfc6532: true });
  return parsed?.type === 'mailbox' && parsed.name === null;
}

/** class-validator's form of isEmailAddress, for the JSON fields. */
export function IsEmailAddress(options?: ValidationOptions): PropertyDecorator {
  return ValidateBy(
    {
      name: 'isEmailAddress',
      validator: { validate: (value) => typeof value === 'string' && isEmailAddress(value) },
    },
    options,
  );
}
