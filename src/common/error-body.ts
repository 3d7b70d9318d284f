import { STATUS_CODES } from 'node:http';

/** The contract's error body: `{"status", "title", "description"}` (CONTRACT.md). */
export interface ErrorBody {
  status: number;
  title: string;
  description?: string;
}

export function errorBody(status: number, description?: string): ErrorBody {
  const title = STATUS_CODES[status] ?? 'Error';
  return description === undefined ? { status, title } : { status, title, description };
}
