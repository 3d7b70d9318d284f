import { ApiError } from '../../../src/base/errors/api-error';
import { idempotencyKeyOf } from '../../../src/http/idempotency/idempotency-key-header';

describe('idempotencyKeyOf', () => {
  it('reads a bare key and a quoted structured-field string as the same key', () => {
    expect(idempotencyKeyOf('8e03978e-40d5-43e8-bc93-6894a57f9324')).toBe(
      '8e03978e-40d5-43e8-bc93-6894a57f9324',
    );
    expect(idempotencyKeyOf('"8e03978e-40d5-43e8-bc93-6894a57f9324"')).toBe(
      '8e03978e-40d5-43e8-bc93-6894a57f9324',
    );
    expect(idempotencyKeyOf('  order-17  ')).toBe('order-17');
  });

  it.each([
    ['empty', ''],
    ['256 characters', 'k'.repeat(256)],
    ['a space inside', 'two words'],
    ['not ASCII', 'clé'],
    ['an unterminated quote', '"open'],
    ['a quoted string with parameters only', '"a";b=1 junk'],
    ['two values', ['a', 'b']],
  ])('refuses %s with a 400', (_what, header) => {
    let thrown: unknown;
    try {
      idempotencyKeyOf(header);
    } catch (error) {
      thrown = error;
    }
    expect(thrown).toBeInstanceOf(ApiError);
    expect((thrown as ApiError).getStatus()).toBe(400);
  });

  it('accepts 255 visible characters', () => {
    expect(idempotencyKeyOf('~'.repeat(255))).toHaveLength(255);
  });
});
