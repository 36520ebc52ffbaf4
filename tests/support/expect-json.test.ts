import { expect, it } from 'vitest';
import { z } from 'zod';
import { BulkSearchStartedSchema } from '@shared/schemas/leads';
import { expectJson } from './expect-json';

it('returns the answer parsed with the schema', () => {
  expect(expectJson({ status: 202, body: { jobId: 'job_1' } }, BulkSearchStartedSchema)).toEqual({
    jobId: 'job_1',
  });
});

it('fails with the status, every issue and the body when the shape is wrong', () => {
  expect(() =>
    expectJson({ status: 500, body: { message: 'Something went wrong' } }, BulkSearchStartedSchema),
  ).toThrow(
    [
      'The answer (HTTP 500) does not match the schema:',
      '✖ Invalid input: expected string, received undefined\n  → at jobId',
      'Body: {"message":"Something went wrong"}',
    ].join('\n'),
  );
});

it('fails on a field the schema does not know, at any depth', () => {
  expect(() =>
    expectJson(
      { status: 200, body: { items: [{ jobId: 'a' }, { jobId: 'b', secret: 'x' }] } },
      z.object({ items: z.array(BulkSearchStartedSchema) }),
    ),
  ).toThrow('✖ Not in the schema\n  → at .items[1].secret');
});
