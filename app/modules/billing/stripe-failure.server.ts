// What a failed Stripe call is logged as: its kind, status and Stripe's request id, never the
// request itself (its headers carry the secret key).

export function stripeFailure(error: unknown): Record<string, unknown> {
  if (!(error instanceof Error)) return { message: String(error) };
  const details = error as Error & { type?: string; code?: string; statusCode?: number; requestId?: string; param?: string };
  return {
    name: details.name,
    type: details.type,
    code: details.code,
    statusCode: details.statusCode,
    requestId: details.requestId,
    param: details.param,
    message: details.message,
  };
}
