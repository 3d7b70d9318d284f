import { SettingsError, stdioSettings } from '../../../src/mcp/stdio-settings';

const refusal = (env: NodeJS.ProcessEnv) => {
  try {
    stdioSettings(env);
  } catch (error) {
    expect(error).toBeInstanceOf(SettingsError);
    return (error as Error).message;
  }
  throw new Error('accepted');
};

describe('npm run mcp settings', () => {
  it('takes the service root and sends the key as a Basic username with no password', () => {
    expect(
      stdioSettings({ INSTANT_PREVIEW_URL: 'https://preview.example.com/v1/', API_KEY: 'k3y' }),
    ).toEqual({
      baseUrl: 'https://preview.example.com',
      authorization: `Basic ${Buffer.from('k3y:').toString('base64')}`,
    });
    expect(
      stdioSettings({ INSTANT_PREVIEW_URL: 'http://localhost:3000', API_KEY: 'k' }).baseUrl,
    ).toBe('http://localhost:3000');
  });

  it('names the setting that is missing', () => {
    expect(refusal({ API_KEY: 'k' })).toMatch(/^INSTANT_PREVIEW_URL is required/);
    expect(refusal({ INSTANT_PREVIEW_URL: 'http://localhost:3000', API_KEY: '' })).toMatch(
      /^API_KEY is required/,
    );
  });

  it('refuses a URL it cannot use, or one that would carry a secret', () => {
    expect(refusal({ INSTANT_PREVIEW_URL: 'localhost:3000', API_KEY: 'k' })).toMatch(
      /http or https/,
    );
    expect(refusal({ INSTANT_PREVIEW_URL: 'not a url', API_KEY: 'k' })).toMatch(/not a URL/);
    for (const url of ['http://key:@localhost:3000', 'http://localhost:3000/?key=k'])
      expect(refusal({ INSTANT_PREVIEW_URL: url, API_KEY: 'k' })).toMatch(/no credentials/);
  });

  it('refuses a key no Basic username can be', () => {
    for (const key of ['a:b', 'key\n', ' key', 'k\u0000'])
      expect(refusal({ INSTANT_PREVIEW_URL: 'http://localhost:3000', API_KEY: key })).toMatch(
        /not an API key/,
      );
  });
});
