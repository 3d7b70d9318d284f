import type { NextFunction, Request, Response } from 'express';
import { errorBody } from '../base/errors/error-body';
import type { AppConfig } from '../platform/config/app-config';

/** Methods that change nothing: a page on another origin may cause them, it reads no answer. */
const SAFE = new Set(['GET', 'HEAD', 'OPTIONS']);
/** What a browser says of a request the user made themselves, or the service's own pages made. */
const OWN_SITE = new Set(['same-origin', 'none']);

/**
 * The staff routes (/v1/admin, /v1/billing) as a browser reaches them. A browser that once
 * sent a staff key (typed at a prompt, or by the console) sends it again on its own, with a
 * form posted from any page: so a request that changes something is refused when the browser
 * says it came from another origin (Sec-Fetch-Site, else Origin). Programs (curl, the CLI,
 * integrators' servers) send neither and pass. No answer of these routes is kept by a cache:
 * some carry a secret shown once, all carry staff data.
 */
export function staffRequests(config: AppConfig) {
  const ownOrigin = new URL(config.publicUrl).origin;
  return (req: Request, res: Response, next: NextFunction): void => {
    res.set('Cache-Control', 'no-store');
    if (SAFE.has(req.method)) return next();
    const site = req.headers['sec-fetch-site'];
    const origin = req.headers.origin;
    const crossSite =
      site !== undefined
        ? !OWN_SITE.has(String(site))
        : origin !== undefined && origin !== ownOrigin;
    if (!crossSite) return next();
    res
      .status(403)
      .json(
        errorBody(
          403,
          `A ${req.method} to the staff routes from another origin (${origin ?? site}) is refused: send it from the console or from a program`,
        ),
      );
  };
}
