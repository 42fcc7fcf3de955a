// The guards' verdict on one answer: what makes a sampled bad case fail the run (a 5xx, no answer, a bare error).
import { describe, expect, it } from 'vitest';
import type { RawResponse } from './http.ts';
import { answerProblem, errorShapeProblem } from './verdict.ts';

const answer = (status: number, json: unknown = undefined, error?: string): RawResponse => ({
  status,
  json,
  text: json === undefined ? '' : JSON.stringify(json),
  headers: {},
  ...(error ? { error } : {}),
});
const standard = { success: false, message: 'Please check the form', error: 'Bad Request', code: 'VALIDATION_ERROR', requestId: 'r-1' };

describe('answerProblem', () => {
  it('fails a server error, even with the standard body', () => {
    expect(answerProblem(answer(500, { ...standard, code: 'INTERNAL' }))).toBe('server error 500');
    expect(answerProblem(answer(502, 'Bad Gateway'))).toBe('server error 502');
  });

  it('fails a dropped connection', () => {
    expect(answerProblem(answer(0, undefined, 'socket hang up'))).toBe('no HTTP answer (socket hang up)');
  });

  it('fails a 4xx without the standard error body, and passes one with it', () => {
    expect(answerProblem(answer(400, { error: 'bad' }))).toMatch(/^error body lacks success:false, message, code, requestId$/);
    expect(answerProblem(answer(413, 'Payload Too Large'))).toBe('error body is not a JSON object');
    expect(answerProblem(answer(400, standard))).toBeUndefined();
  });

  it('passes a 2xx (its writes are checked apart) and fails a redirect', () => {
    expect(answerProblem(answer(200, { success: true }))).toBeUndefined();
    expect(answerProblem(answer(302))).toBe('unexpected status 302');
  });
});

it('errorShapeProblem names every part of the standard body that is missing', () => {
  expect(errorShapeProblem({ success: false, message: '', error: 'x', code: 'X', requestId: 'r' })).toBe('error body lacks message');
  expect(errorShapeProblem([])).toBe('error body is not a JSON object');
});
