import { afterEach, beforeEach, describe, expect, it, jest } from '@jest/globals';
import { HttpError, post } from './http';

const answer = (status: number, body: object) =>
  Promise.resolve(
    new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } }),
  );

describe('post: the CSRF token travels in the body (spec section 7)', () => {
  beforeEach(() => {
    document.cookie = 'clientCsrfToken=c.t; path=/';
  });
  afterEach(() => {
    jest.restoreAllMocks();
  });

  it('sends a JSON body with csrf_token beside the fields', async () => {
    const fetchSpy = jest.spyOn(globalThis, 'fetch').mockImplementation(() => answer(201, { id: 'm1' }));
    await expect(post('/api/forms/contact', { firstName: 'Ada' })).resolves.toEqual({ id: 'm1' });
    const [url, init] = fetchSpy.mock.calls[0]!;
    expect(url).toBe('/api/forms/contact');
    expect(init?.method).toBe('POST');
    expect(JSON.parse(String(init?.body))).toEqual({ firstName: 'Ada', csrf_token: 'c.t' });
  });

  it('sends a multipart form with csrf_token as its first field', async () => {
    const fetchSpy = jest.spyOn(globalThis, 'fetch').mockImplementation(() => answer(201, { id: 'm2' }));
    const form = new FormData();
    form.append('description', 'Bracket');
    await post('/api/forms/service-request', form);
    const sent = fetchSpy.mock.calls[0]![1]!.body as FormData;
    expect([...sent.entries()]).toEqual([
      ['csrf_token', 'c.t'],
      ['description', 'Bracket'],
    ]);
  });

  it("throws the server's code, message and field errors for an answer other than 2xx", async () => {
    jest.spyOn(globalThis, 'fetch').mockImplementation(() =>
      answer(400, {
        error: {
          code: 'BAD_USER_INPUT',
          message: 'Email is required',
          fields: [{ field: 'email', message: 'Email is required' }],
        },
      }),
    );
    const failure = await post('/api/forms/contact', {}).catch((e: unknown) => e);
    expect(failure).toBeInstanceOf(HttpError);
    expect(failure).toMatchObject({ status: 400, code: 'BAD_USER_INPUT', message: 'Email is required' });
  });
});
