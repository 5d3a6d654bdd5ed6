/**
 * Stripe's error answers: `{error: {type, code, message, param, doc_url}}` with Stripe's status codes
 * (400 bad parameters, 401 bad key, 402 card errors, 404 missing objects and URLs). The SDK turns the
 * `type` into its error classes (StripeInvalidRequestError, StripeIdempotencyError, StripeCardError).
 */
export interface StripeErrorBody {
  type: 'invalid_request_error' | 'idempotency_error' | 'card_error' | 'api_error';
  code?: string;
  decline_code?: string;
  message: string;
  param?: string;
}

export class StripeError extends Error {
  constructor(
    readonly status: number,
    readonly body: StripeErrorBody,
  ) {
    super(body.message);
  }
}

/** Stripe's documentation page for an error code, as its errors link it. */
export const docUrl = (code: string) => `https://stripe.com/docs/error-codes/${code.replace(/_/g, '-')}`;

export const errorJson = (e: StripeError) => ({ error: { ...e.body, ...(e.body.code ? { doc_url: docUrl(e.body.code) } : {}) } });

export const invalidRequest = (message: string, param?: string, code?: string, status = 400) =>
  new StripeError(status, { type: 'invalid_request_error', message, ...(code ? { code } : {}), ...(param ? { param } : {}) });

export const unknownParameters = (params: string[]) =>
  invalidRequest(`Received unknown parameter${params.length > 1 ? 's' : ''}: ${params.join(', ')}`, params[0], 'parameter_unknown');

export const missingParameter = (param: string) => invalidRequest(`Missing required param: ${param}.`, param, 'parameter_missing');

/** A parameter Stripe defines for this endpoint that the stand-in does not implement: refused, never ignored. */
export const notImplemented = (param: string) =>
  invalidRequest(
    `The local Stripe stand-in does not implement the parameter \`${param}\`. Stripe accepts it; this stand-in refuses it rather than ignore it (supabase/local/stripe/README.md lists what is implemented).`,
    param,
    'parameter_not_implemented_locally',
  );

export const resourceMissing = (kind: string, id: string, param = 'id') => invalidRequest(`No such ${kind}: '${id}'`, param, 'resource_missing', 404);
