import { clientStatus, EngineReading } from '../../../src/http/previews/client-status';

const engines = (webkit: EngineReading['state']): EngineReading[] => [
  { name: 'chromium', state: 'up' },
  { name: 'webkit', state: webkit, ...(webkit === 'absent' && { detail: 'not installed' }) },
];

describe('clientStatus', () => {
  it('is up while its own engine is up or idle (started at the first capture)', () => {
    expect(clientStatus('webkit', undefined, engines('up'))).toEqual({
      engine: 'webkit',
      status: 'up',
    });
    expect(clientStatus('webkit', undefined, engines('idle')).status).toBe('up');
  });

  it('is degraded while its engine starts, or when Chromium draws it in its engine’s place', () => {
    expect(clientStatus('webkit', undefined, engines('starting'))).toEqual({
      engine: 'webkit',
      status: 'degraded',
      detail: 'webkit is starting',
    });
    const instead = { engine: 'webkit', reason: 'WebKitGTK is not installed' };
    expect(clientStatus('chromium', instead, engines('absent'))).toEqual({
      engine: 'chromium',
      status: 'degraded',
      detail: 'drawn by chromium in the place of webkit: WebKitGTK is not installed',
    });
  });

  it('is down while the engine that draws it is down or missing', () => {
    expect(clientStatus('webkit', undefined, engines('down'))).toMatchObject({
      status: 'down',
      detail: 'webkit is down (failed to start, or restarting)',
    });
    expect(clientStatus('gecko', undefined, engines('up'))).toMatchObject({ status: 'down' });
  });
});
