import { PipeTransform } from '@nestjs/common';
import { ApiError } from '../../base/errors/api-error';

/** An end_user_id in a path: as at upload, 1 to 64 characters. */
export class EndUserIdPipe implements PipeTransform<string, string> {
  transform(value: string): string {
    if (value.length === 0 || [...value].length > 64) {
      throw ApiError.badRequest("'end_user_id' must be 1 to 64 characters");
    }
    return value;
  }
}
