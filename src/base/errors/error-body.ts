import { STATUS_CODES } from 'node:http';

/** The contract's error body: `{"status", "title", "description"}` (docs/api.md#error-body). */
export interface ErrorBody {
  status: number;
  title: string;
  description?: string;
}

export function errorBody(status: number, description?: string): ErrorBody {
  const title = STATUS_CODES[status] ?? 'Error';
  return description === undefined ? { status, title } : { status, title, description };
}
