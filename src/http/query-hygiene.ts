import type { NextFunction, Request, Response } from 'express';
import { errorBody } from '../base/errors/error-body';

/**
 * A query parameter given twice (`images=a&images=b`) or in bracket form (`images[]=a`,
 * `group_by[x]=y`) is a 400 naming it, on every endpoint
 * (docs/api.md#query-parameter-hygiene): Express's parser would otherwise turn it into an
 * array or object that a handler may read as absent and silently fall back to its default.
 */
export function queryHygiene(req: Request, res: Response, next: NextFunction): void {
  const at = req.originalUrl.indexOf('?');
  if (at < 0) return next();
  const seen = new Set<string>();
  for (const [name] of new URLSearchParams(req.originalUrl.slice(at + 1))) {
    const bracket = name.indexOf('[');
    if (bracket >= 0 || name.includes(']')) {
      const base = bracket > 0 ? name.slice(0, bracket) : name;
      res.status(400).json(errorBody(400, `'${base}' must be given once, without brackets`));
      return;
    }
    if (seen.has(name)) {
      res.status(400).json(errorBody(400, `'${name}' must be given once`));
      return;
    }
    seen.add(name);
  }
  next();
}
