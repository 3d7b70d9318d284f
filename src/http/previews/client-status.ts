/** What readiness knows of one engine: its state, or why this process has none. */
export interface EngineReading {
  name: string;
  state: 'up' | 'idle' | 'starting' | 'down' | 'absent';
  detail?: string;
}

export interface ClientStatus {
  /** The engine that draws the client's pictures here. */
  engine: string;
  status: 'up' | 'degraded' | 'down';
  detail?: string;
}

/**
 * A client's status as readiness sees its engine: `down` while the engine that draws it is
 * down (failed to start, or restarting); `degraded` while it is starting, or when Chromium
 * draws the client in the place of its own engine (absent here); `up` otherwise (`idle`: not
 * started yet, it starts at the first capture).
 */
export function clientStatus(
  drawnBy: string,
  instead: { engine: string; reason: string } | undefined,
  engines: readonly EngineReading[],
): ClientStatus {
  const reading = engines.find((engine) => engine.name === drawnBy);
  if (!reading || reading.state === 'absent' || reading.state === 'down') {
    return {
      engine: drawnBy,
      status: 'down',
      detail: `${drawnBy} is ${reading?.state === 'down' ? 'down (failed to start, or restarting)' : 'not available here'}`,
    };
  }
  if (reading.state === 'starting')
    return { engine: drawnBy, status: 'degraded', detail: `${drawnBy} is starting` };
  if (instead)
    return {
      engine: drawnBy,
      status: 'degraded',
      detail: `drawn by ${drawnBy} in the place of ${instead.engine}: ${instead.reason}`,
    };
  return { engine: drawnBy, status: 'up' };
}
