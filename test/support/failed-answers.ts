import type request from 'supertest';
import { DataSource } from 'typeorm';
import { Capture } from '../../src/domain/captures/state/capture.entity';
import type { TestApp } from './test-app';

export interface PreviewAnswer {
  emailId: string;
  client: string;
  response: request.Response;
}

/**
 * The answers that are not 200, each with its body and the failure its capture row
 * recorded: a test that expects every capture to succeed says why one did not.
 */
export async function failedAnswers(t: TestApp, answers: PreviewAnswer[]) {
  const rows = t.get(DataSource).getRepository(Capture);
  return Promise.all(
    answers
      .filter(({ response }) => response.status !== 200)
      .map(async ({ emailId, client, response }) => {
        const row = await rows.findOneBy({ emailId, client });
        return {
          client,
          status: response.status,
          body: response.body as unknown,
          failure: row?.failure,
          error: row?.error,
        };
      }),
  );
}
