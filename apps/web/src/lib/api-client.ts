import type { ErrorBody } from '@toolsify/shared/errors';

/** An answer in the API's error shape, or a network failure (code NETWORK). */
export class ApiError extends Error {
  readonly status: number;
  readonly code: string;
  readonly fields: Record<string, string>;

  constructor(status: number, code: string, message: string, fields: Record<string, string> = {}) {
    super(message);
    this.name = 'ApiError';
    this.status = status;
    this.code = code;
    this.fields = fields;
  }
}

let onUnauthorized: (() => void) | null = null;

/** What a signed-in user is told when a request finds their session gone (the lost-session handler says it). */
export const SIGNED_OUT_MESSAGE = 'You were signed out. Log in again to go on.';

/** Whether an error is a lost session: the handler has said so, so the caller need not. */
export const isSignedOut = (error: unknown): boolean => error instanceof ApiError && error.status === 401;

/**
 * The one place a 401 is handled: the session is gone, so the app signs the user out and
 * goes to / (the spec's rule for the order lists, applied everywhere).
 */
export function setUnauthorizedHandler(handler: () => void): void {
  onUnauthorized = handler;
}

export interface RequestOptions {
  method?: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
  body?: unknown;
  headers?: Record<string, string>;
  /** A 401 here is an expected answer (e.g. "who am I?"), not a lost session. */
  allowUnauthenticated?: boolean;
  signal?: AbortSignal;
}

export async function api<T>(path: string, options: RequestOptions = {}): Promise<T> {
  const { method = 'GET', body, headers = {}, allowUnauthenticated = false, signal } = options;
  const isForm = typeof FormData !== 'undefined' && body instanceof FormData;
  let response: Response;
  try {
    response = await fetch(path, {
      method,
      credentials: 'same-origin',
      headers: { accept: 'application/json', ...(body !== undefined && !isForm ? { 'content-type': 'application/json' } : {}), ...headers },
      ...(body !== undefined ? { body: isForm ? body : JSON.stringify(body) } : {}),
      ...(signal ? { signal } : {}),
    });
  } catch (error) {
    if (error instanceof DOMException && error.name === 'AbortError') throw error;
    throw new ApiError(0, 'NETWORK', 'Could not reach the server. Check your connection and try again.');
  }
  if (response.status === 204) return undefined as T;
  const text = await response.text();
  let data: unknown = null;
  if (text) {
    try {
      data = JSON.parse(text);
    } catch {
      data = null;
    }
  }
  if (!response.ok) {
    const error = (data as Partial<ErrorBody> | null)?.error;
    if (response.status === 401 && !allowUnauthenticated) onUnauthorized?.();
    throw new ApiError(
      response.status,
      error?.code ?? 'HTTP_' + response.status,
      error?.message ?? `The server answered ${response.status}.`,
      error?.fields ?? {},
    );
  }
  return data as T;
}
