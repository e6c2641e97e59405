import { afterEach, beforeEach, describe, expect, it, jest } from '@jest/globals';
import { CSRF } from '@domain/constants';
import { getCsrfToken, withCsrfToken } from './csrf';

const ok = (body: unknown) => ({ ok: true, status: 200, json: async () => body }) as Response;

/** A fetch answer the test settles when it wants. */
function deferred() {
  let resolve!: (res: Response) => void;
  const promise = new Promise<Response>((r) => (resolve = r));
  return { promise, resolve };
}

describe('CSRF token (spec section 7)', () => {
  beforeEach(() => {
    document.cookie = 'clientCsrfToken=; max-age=0; path=/';
    Object.assign(navigator, { sendBeacon: jest.fn(() => true) });
  });
  afterEach(() => {
    jest.useRealTimers();
    jest.restoreAllMocks();
  });

  it('reuses the clientCsrfToken cookie without a request', async () => {
    document.cookie = 'clientCsrfToken=abc.def; path=/';
    const fetchMock = jest.fn<typeof fetch>();
    await expect(getCsrfToken(fetchMock)).resolves.toBe('abc.def');
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it('fetches GET /api/auth/csrf, retrying 1000 ms after a failure, and stores the token in the cookie (path /, SameSite Lax)', async () => {
    jest.useFakeTimers();
    const cookieWrites = jest.spyOn(Document.prototype, 'cookie', 'set');
    const fetchMock = jest
      .fn<typeof fetch>()
      .mockRejectedValueOnce(new Error('offline'))
      .mockResolvedValueOnce(ok({ csrfToken: 'n.s' }));
    const token = getCsrfToken(fetchMock);
    await jest.advanceTimersByTimeAsync(999);
    expect(fetchMock).toHaveBeenCalledTimes(1);
    await jest.advanceTimersByTimeAsync(1);
    await expect(token).resolves.toBe('n.s');
    expect(fetchMock).toHaveBeenCalledTimes(2);
    expect(fetchMock.mock.calls[0]![0]).toBe('/api/auth/csrf');
    expect(document.cookie).toContain('clientCsrfToken=n.s');
    const written = cookieWrites.mock.calls
      .map(([value]) => String(value))
      .find((c) => c.startsWith('clientCsrfToken=n.s'));
    expect(written).toMatch(/; path=\/(;|$)/);
    expect(written).toMatch(/; samesite=lax/i);
  });

  it('never fetches twice for parallel calls: the second waits for the first fetch, polling every 100 ms', async () => {
    jest.useFakeTimers();
    const answer = deferred();
    const fetchMock = jest.fn<typeof fetch>().mockReturnValueOnce(answer.promise);
    const first = getCsrfToken(fetchMock);
    const second = getCsrfToken(fetchMock);
    const third = getCsrfToken(fetchMock);
    await jest.advanceTimersByTimeAsync(2_000);
    expect(fetchMock).toHaveBeenCalledTimes(1);
    answer.resolve(ok({ csrfToken: 'one.token' }));
    await jest.advanceTimersByTimeAsync(100);
    await expect(Promise.all([first, second, third])).resolves.toEqual([
      'one.token',
      'one.token',
      'one.token',
    ]);
    expect(fetchMock).toHaveBeenCalledTimes(1);
  });

  it('waits at most 15 s for a fetch in flight, then fetches itself', async () => {
    jest.useFakeTimers();
    const hung = deferred();
    const fetchMock = jest
      .fn<typeof fetch>()
      .mockReturnValueOnce(hung.promise)
      .mockResolvedValueOnce(ok({ csrfToken: 'late.token' }));
    const first = getCsrfToken(fetchMock);
    const second = getCsrfToken(fetchMock);
    await jest.advanceTimersByTimeAsync(CSRF.readinessWaitMs - 100);
    expect(fetchMock).toHaveBeenCalledTimes(1);
    await jest.advanceTimersByTimeAsync(100);
    await expect(second).resolves.toBe('late.token');
    expect(fetchMock).toHaveBeenCalledTimes(2);
    hung.resolve(ok({ csrfToken: 'late.token' }));
    await expect(first).resolves.toBe('late.token');
  });

  it('after 3 retries sends a beacon log (level and code as form fields) and fails with the spec message when the token is missing', async () => {
    jest.useFakeTimers();
    const fetchMock = jest.fn<typeof fetch>().mockResolvedValue(ok({}));
    const token = getCsrfToken(fetchMock);
    const settled = expect(token).rejects.toThrow('CSRF token not found in response');
    await jest.advanceTimersByTimeAsync(3000);
    await settled;
    expect(fetchMock).toHaveBeenCalledTimes(4);
    expect(navigator.sendBeacon).toHaveBeenCalledWith('/api/auth/_log', expect.any(URLSearchParams));
    const body = (navigator.sendBeacon as jest.Mock).mock.calls[0]![1] as URLSearchParams;
    expect(Object.fromEntries(body)).toEqual({ level: 'error', code: 'CSRF_FETCH_FAILED' });
  });
});

describe('withCsrfToken: csrf_token in the request body', () => {
  beforeEach(() => {
    document.cookie = 'clientCsrfToken=c.t; path=/';
  });

  it('adds csrf_token to a JSON body', async () => {
    await expect(withCsrfToken({ name: 'Rail' })).resolves.toEqual({ name: 'Rail', csrf_token: 'c.t' });
  });

  it('puts csrf_token first in a multipart form, before the files, and keeps the file names', async () => {
    const form = new FormData();
    form.append('description', 'Bracket');
    form.append('drawings', new File(['%PDF'], 'bracket.pdf', { type: 'application/pdf' }));
    const sent = await withCsrfToken(form);
    expect([...sent.keys()]).toEqual(['csrf_token', 'description', 'drawings']);
    expect(sent.get('csrf_token')).toBe('c.t');
    expect((sent.get('drawings') as File).name).toBe('bracket.pdf');
  });

  it('adds csrf_token to a form-encoded body', async () => {
    const sent = await withCsrfToken(new URLSearchParams({ email: 'a@b.example' }));
    expect(sent.toString()).toBe('csrf_token=c.t&email=a%40b.example');
  });
});
