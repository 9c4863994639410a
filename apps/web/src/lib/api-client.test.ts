import { afterEach, describe, expect, it, vi } from 'vitest';
import { ApiError, api, setUnauthorizedHandler } from './api-client.ts';

function answer(status: number, body: string, type = 'application/json') {
  return vi.fn<typeof fetch>(async () => new Response(status === 204 ? null : body, { status, headers: { 'content-type': type } }));
}

describe('api()', () => {
  afterEach(() => {
    vi.unstubAllGlobals();
    setUnauthorizedHandler(() => {});
  });

  it('sends JSON with the session cookie and answers the parsed body', async () => {
    const fetch = answer(200, '{"id":7}');
    vi.stubGlobal('fetch', fetch);
    expect(await api('/api/orders', { method: 'POST', body: { quantity: 5 } })).toEqual({ id: 7 });
    const [path, init] = fetch.mock.calls[0] as [string, RequestInit];
    expect(path).toBe('/api/orders');
    expect(init).toMatchObject({ method: 'POST', credentials: 'same-origin', body: '{"quantity":5}' });
    expect(init.headers).toMatchObject({ 'content-type': 'application/json', accept: 'application/json' });
  });

  it('turns the API error shape into an ApiError with its code, message and field errors', async () => {
    vi.stubGlobal(
      'fetch',
      answer(
        400,
        JSON.stringify({ error: { code: 'VALIDATION_FAILED', message: 'Check the quantity.', fields: { quantity: 'Too many' } } }),
      ),
    );
    const error = await api('/api/orders', { method: 'POST', body: {} }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ApiError);
    expect(error).toMatchObject({
      status: 400,
      code: 'VALIDATION_FAILED',
      message: 'Check the quantity.',
      fields: { quantity: 'Too many' },
    });
  });

  it('says what happened when an error answer is not JSON (a proxy page)', async () => {
    vi.stubGlobal('fetch', answer(502, '<html>Bad gateway</html>', 'text/html'));
    await expect(api('/api/tools')).rejects.toMatchObject({
      status: 502,
      code: 'HTTP_502',
      message: 'The server answered 502.',
      fields: {},
    });
  });

  it('reports a network failure in plain words, but lets an abort through as an abort', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn<typeof fetch>(async () => Promise.reject(new TypeError('Failed to fetch'))),
    );
    await expect(api('/api/tools')).rejects.toMatchObject({
      status: 0,
      code: 'NETWORK',
      message: 'Could not reach the server. Check your connection and try again.',
    });
    vi.stubGlobal(
      'fetch',
      vi.fn<typeof fetch>(async () => Promise.reject(new DOMException('aborted', 'AbortError'))),
    );
    await expect(api('/api/tools')).rejects.toMatchObject({ name: 'AbortError' });
  });

  it('answers undefined for 204, and sends a FormData body as it is', async () => {
    const fetch = answer(204, '');
    vi.stubGlobal('fetch', fetch);
    const form = new FormData();
    form.append('image', new Blob(['x']), 'x.png');
    expect(await api('/api/uploads', { method: 'POST', body: form })).toBeUndefined();
    const init = (fetch.mock.calls[0] as [string, RequestInit])[1];
    expect(init.body).toBe(form);
    expect(init.headers).not.toHaveProperty('content-type');
  });

  it('calls the lost-session handler on a 401, unless a 401 is an expected answer', async () => {
    const lost = vi.fn<() => void>();
    setUnauthorizedHandler(lost);
    vi.stubGlobal('fetch', answer(401, JSON.stringify({ error: { code: 'UNAUTHENTICATED', message: 'Please log in.' } })));
    await expect(api('/api/orders/mine')).rejects.toMatchObject({ status: 401 });
    expect(lost).toHaveBeenCalledTimes(1);
    await expect(api('/api/session', { allowUnauthenticated: true })).rejects.toMatchObject({ status: 401 });
    expect(lost).toHaveBeenCalledTimes(1);
  });
});
