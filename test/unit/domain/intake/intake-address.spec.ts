import { parseIntakeAddress } from '../../../../src/domain/intake/intake-address';

const TOKEN = '0123456789abcdef01234567';

describe('parseIntakeAddress', () => {
  it('reads the token, and the end user from a plus-tag', () => {
    expect(parseIntakeAddress(`${TOKEN}@intake.test`, 'intake.test')).toEqual({ token: TOKEN });
    expect(parseIntakeAddress(`${TOKEN}+reader-7@intake.test`, 'intake.test')).toEqual({
      token: TOKEN,
      endUserId: 'reader-7',
    });
  });

  it('keeps everything after the first plus as the end user, as written', () => {
    expect(parseIntakeAddress(`${TOKEN}+Team+A@intake.test`, 'intake.test')).toEqual({
      token: TOKEN,
      endUserId: 'Team+A',
    });
  });

  it('compares the domain and the token without case', () => {
    expect(parseIntakeAddress(`${TOKEN.toUpperCase()}@Intake.Test`, 'intake.test')).toEqual({
      token: TOKEN,
    });
  });

  it.each([
    ['another domain', `${TOKEN}@elsewhere.test`],
    ['a subdomain', `${TOKEN}@sub.intake.test`],
    ['no token', 'someone@intake.test'],
    ['a short token', `${TOKEN.slice(1)}@intake.test`],
    ['an empty plus-tag', `${TOKEN}+@intake.test`],
    ['a blank plus-tag', `${TOKEN}+ @intake.test`],
    ['a plus-tag over 64 characters', `${TOKEN}+${'u'.repeat(65)}@intake.test`],
    ['a control character in the plus-tag', `${TOKEN}+a\u0007b@intake.test`],
    ['no domain', TOKEN],
  ])('refuses %s', (_, address) => {
    expect(parseIntakeAddress(address, 'intake.test')).toBeNull();
  });
});
