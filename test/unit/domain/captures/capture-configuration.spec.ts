import { CaptureConfigurations } from '../../../../src/domain/captures/state/capture-configuration';
import { ApiError } from '../../../../src/base/errors/api-error';
import { clientCatalog } from '../../../../src/rendering/catalog/client-catalog';

describe('CaptureConfigurations: a request checks its configuration once', () => {
  const configurations = new CaptureConfigurations(clientCatalog);

  it('carries the profile it checked against, and echoes, stores and queues as three fields', () => {
    const checked = configurations.ofPreview('iphone15', { orientation: 'horizontal' });
    expect(checked.profile).toBe(clientCatalog.find('IPHONE15'));
    const fields = { client: 'IPHONE15', images: 'allowed', orientation: 'horizontal' };
    expect(JSON.stringify(checked)).toBe(JSON.stringify(fields)); // the contract's key order too
    expect({ ...checked }).toStrictEqual(fields);
  });

  it('refuses an unknown client and an option the client does not offer, with the contract body', () => {
    const unknown = () => configurations.resolve([{ client: 'NOPE' }]);
    expect(unknown).toThrow(ApiError);
    expect(unknown).toThrow("Each client must be valid, 'NOPE' is unknown");
    expect(() => configurations.ofPreview('OL2019', { orientation: 'horizontal' })).toThrow(
      "'orientation' must be one of 'vertical' for OL2019",
    );
  });
});
