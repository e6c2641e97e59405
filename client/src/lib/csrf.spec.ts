import { afterEach, beforeEach, describe, expect, it, jest } from '@jest/globals';
import { getCsrfToken } from './csrf';

const ok = (body: unknown) => ({ ok: true, status: 200, json: async () => body }) as Response;

describe('CSRF token', () => {
  beforeEach(() => {
    document.cookie = 'clientCsrfToken=; max-age=0; path=/';
    Object.assign(navigator, { sendBeacon: jest.fn(() => true) });
  });
  afterEach(() => {
    jest.useRealTimers();
  });

  it('reuses the clientCsrfToken cookie without a request', async () => {
    document.cookie = 'clientCsrfToken=abc.def; path=/';
    const fetchMock = jest.fn<typeof fetch>();
    await expect(getCsrfToken(fetchMock)).resolves.toBe('abc.def');
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it('fetches GET /api/auth/csrf, retrying after failures, and stores the token in the cookie', async () => {
    jest.useFakeTimers();
    const fetchMock = jest
      .fn<typeof fetch>()
      .mockRejectedValueOnce(new Error('offline'))
      .mockResolvedValueOnce(ok({ csrfToken: 'n.s' }));
    const token = getCsrfToken(fetchMock);
    await jest.advanceTimersByTimeAsync(1000);
    await expect(token).resolves.toBe('n.s');
    expect(fetchMock).toHaveBeenCalledTimes(2);
    expect(fetchMock.mock.calls[0]![0]).toBe('/api/auth/csrf');
    expect(document.cookie).toContain('clientCsrfToken=n.s');
  });

  it('after 3 retries sends a beacon log and fails with the spec message when the token is missing', async () => {
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
