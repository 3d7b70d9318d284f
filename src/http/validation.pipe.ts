import { ValidationError, ValidationPipe } from '@nestjs/common';
import { ApiError } from '../base/errors/api-error';

/** Path of the first failing property, e.g. `configurations[1]`. */
function firstFailure(errors: ValidationError[], path = ''): { path: string; message: string } {
  const error = errors[0];
  const here = /^\d+$/.test(error.property)
    ? `${path}[${error.property}]`
    : path
      ? `${path}.${error.property}`
      : error.property;
  if (error.constraints) return { path, message: Object.values(error.constraints)[0] };
  return firstFailure(error.children ?? [], here);
}

/**
 * class-validator for request bodies and queries; the first failure becomes a 400 in
 * the contract's body, its description naming the field (nested ones with their path).
 */
export const apiValidationPipe = new ValidationPipe({
  transform: true,
  whitelist: true,
  stopAtFirstError: true,
  exceptionFactory: (errors) => {
    const { path, message } = firstFailure(errors);
    return ApiError.badRequest(path ? `${path}: ${message}` : message);
  },
});
