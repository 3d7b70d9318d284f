import { ArgumentMetadata, Injectable, PipeTransform } from '@nestjs/common';
import { ApiError } from '../base/errors/api-error';

/** Where the first string holding a NUL character is, e.g. `configurations[0].client`. */
export function nulPath(value: unknown, path = ''): string | null {
  if (typeof value === 'string') return value.includes('\u0000') ? path || 'value' : null;
  if (Array.isArray(value)) {
    for (let index = 0; index < value.length; index++) {
      const found = nulPath(value[index], `${path}[${index}]`);
      if (found) return found;
    }
    return null;
  }
  if (value && typeof value === 'object') {
    for (const [key, field] of Object.entries(value)) {
      const found = nulPath(field, path ? `${path}.${key}` : key);
      if (found) return found;
    }
  }
  return null;
}

/**
 * NUL characters are refused in every text a request carries, on every database alike
 * (PostgreSQL cannot store them in text; SQLite would, and the two must answer the same).
 */
@Injectable()
export class NoNulPipe implements PipeTransform {
  transform(value: unknown, metadata: ArgumentMetadata): unknown {
    if (metadata.type !== 'body' && metadata.type !== 'query') return value;
    const path = nulPath(value);
    if (path) throw ApiError.badRequest(`'${path}' must not contain NUL characters`);
    return value;
  }
}
