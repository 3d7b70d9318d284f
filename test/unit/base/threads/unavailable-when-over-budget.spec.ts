import { ApiError } from '../../../../src/base/errors/api-error';
import {
  ThreadBudgetError,
  unavailableWhenOverBudget,
} from '../../../../src/base/threads/budgeted-thread-pool';

describe('a thread task past its budget, as the API answers it', () => {
  it('is a 503 with Retry-After, never a verdict on the input', () => {
    const answer = unavailableWhenOverBudget(
      new ThreadBudgetError('checking the email took longer than 10000 ms'),
      10_000,
    ) as ApiError;
    expect(answer).toBeInstanceOf(ApiError);
    expect(answer.getStatus()).toBe(503);
    expect(JSON.stringify(answer.getResponse())).toMatch(
      /took longer than 10000 ms, retry shortly/,
    );
    expect(answer.headers).toEqual({ 'Retry-After': '10' });
  });

  it('leaves any other error as it is', () => {
    const other = new Error('boom');
    expect(unavailableWhenOverBudget(other, 10_000)).toBe(other);
  });
});
