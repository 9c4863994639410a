import type { ErrorCode } from '@toolsify/shared/errors';

const statusByCode: Record<ErrorCode, number> = {
  BAD_REQUEST: 400,
  VALIDATION_FAILED: 400,
  UNAUTHENTICATED: 401,
  FORBIDDEN: 403,
  NOT_FOUND: 404,
  CONFLICT: 409,
  OUT_OF_STOCK: 409,
  QUANTITY_NOT_ALLOWED: 409,
  LINES_REFUSED: 409,
  PRICE_CHANGED: 409,
  TOO_MANY_UNPAID_ORDERS: 409,
  INVALID_STATE: 409,
  PAYLOAD_TOO_LARGE: 413,
  UNSUPPORTED_MEDIA_TYPE: 415,
  RATE_LIMITED: 429,
  PAYMENT_FAILED: 402,
  SERVICE_UNAVAILABLE: 503,
  INTERNAL: 500,
};

const defaultMessage: Record<ErrorCode, string> = {
  BAD_REQUEST: 'The request is not valid.',
  VALIDATION_FAILED: 'Some fields are not valid.',
  UNAUTHENTICATED: 'Please log in first.',
  FORBIDDEN: 'You are not allowed to do that.',
  NOT_FOUND: 'Not found.',
  CONFLICT: 'That conflicts with the current state.',
  OUT_OF_STOCK: 'Not enough stock for that quantity.',
  QUANTITY_NOT_ALLOWED: 'This tool cannot be ordered in that quantity.',
  LINES_REFUSED: 'Some lines of this order cannot be ordered as they are.',
  PRICE_CHANGED: 'A price changed since you saw it. Check the new total and place the order again.',
  TOO_MANY_UNPAID_ORDERS: 'You have too many unpaid orders. Pay or cancel one before placing another.',
  INVALID_STATE: 'That is not possible in the current state.',
  PAYLOAD_TOO_LARGE: 'The request is too large.',
  UNSUPPORTED_MEDIA_TYPE: 'That content type is not supported.',
  RATE_LIMITED: 'Too many attempts. Please wait a while and try again.',
  PAYMENT_FAILED: 'The payment did not go through.',
  SERVICE_UNAVAILABLE: 'The service is not available right now.',
  INTERNAL: 'Something went wrong on our side.',
};

/** The one error type services throw; the error handler maps `code` to an HTTP status. */
export class AppError extends Error {
  readonly code: ErrorCode;
  readonly status: number;
  readonly fields: Record<string, string> | undefined;

  constructor(code: ErrorCode, message?: string, fields?: Record<string, string>) {
    super(message ?? defaultMessage[code]);
    this.name = 'AppError';
    this.code = code;
    this.status = statusByCode[code];
    this.fields = fields;
  }
}

export function statusOf(code: ErrorCode): number {
  return statusByCode[code];
}

export function defaultMessageOf(code: ErrorCode): string {
  return defaultMessage[code];
}
