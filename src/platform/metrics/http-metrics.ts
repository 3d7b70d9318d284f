import type { NextFunction, Request, Response } from 'express';
import type { Metrics } from './metrics';

/**
 * Counts every answer by method, route template and status. The route is Express's matched
 * template (`/v1/emails/:guid/previews/:client`), never the raw URL, so labels stay few;
 * requests no route matched are the capture host's or unknown.
 */
export function httpMetrics(metrics: Metrics) {
  return (req: Request, res: Response, next: NextFunction): void => {
    const started = performance.now();
    res.on('finish', () => {
      const route =
        (req.route as { path?: string } | undefined)?.path !== undefined
          ? `${req.baseUrl}${(req.route as { path: string }).path}`
          : req.hostname.includes('.capture.')
            ? 'capture host'
            : 'unmatched';
      metrics.httpRequests.inc({ method: req.method, route, status: String(res.statusCode) });
      metrics.httpSeconds.observe(
        { method: req.method, route },
        (performance.now() - started) / 1000,
      );
    });
    next();
  };
}
