import { parseBasicAuth } from '../../../../src/base/security/basic-auth';

const basic = (text: string) => `Basic ${Buffer.from(text).toString('base64')}`;

describe('parseBasicAuth', () => {
  it('splits user and password at the first colon', () => {
    expect(parseBasicAuth(basic('key:'))).toEqual({ user: 'key', password: '' });
    expect(parseBasicAuth(basic('id:se:cret'))).toEqual({ user: 'id', password: 'se:cret' });
    expect(parseBasicAuth(basic('nocolon'))).toEqual({ user: 'nocolon', password: '' });
    expect(parseBasicAuth(`basic  ${Buffer.from('a:b').toString('base64')}`)).toEqual({
      user: 'a',
      password: 'b',
    });
  });

  it('is null for anything but Basic', () => {
    expect(parseBasicAuth(undefined)).toBeNull();
    expect(parseBasicAuth('Bearer abc')).toBeNull();
    expect(parseBasicAuth('Basic')).toBeNull();
  });
});
