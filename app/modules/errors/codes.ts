// Every error code the app answers with, and its one HTTP status. A program reading our API keys on
// the code; docs/api.md lists them with the routes that answer them.
export const ERROR_STATUS = {
  // 400: the request cannot be read.
  malformed_request: 400,
  invalid_token: 400,
  invalid_signature: 400,
  connect_failed: 400,
  // 401, 402: who is asking.
  unauthorized: 401,
  invalid_credentials: 401,
  ai_paid_plan_required: 402,
  plan_limit_reached: 402,
  // 403: signed in, but not allowed.
  forbidden: 403,
  // 404, 405: what is asked for.
  not_found: 404,
  not_connected: 404,
  method_not_allowed: 405,
  // 409: the state of things forbids it.
  email_taken: 409,
  post_published: 409,
  post_publishing: 409,
  accounts_not_connected: 409,
  no_billing_account: 409,
  own_role_unchangeable: 409,
  listed_admin: 409,
  account_unverified: 409,
  post_not_failed: 409,
  pages_unavailable: 409,
  setup_closed: 409,
  setup_required: 409,
  queue_empty: 409,
  post_not_queued: 409,
  // 413: more than a request may carry.
  payload_too_large: 413,
  request_too_large: 413,
  image_too_large: 413,
  too_many_fields: 413,
  // 422: read, but not valid.
  validation_failed: 422,
  wrong_password: 422,
  invalid_time_zone: 422,
  no_platform: 422,
  text_required: 422,
  text_too_long: 422,
  too_many_images: 422,
  too_many_parts: 422,
  images_not_allowed: 422,
  channel_unusable: 409,
  unsupported_image: 422,
  image_dimensions_too_large: 422,
  stored_image_too_large: 422,
  time_invalid: 422,
  time_in_past: 422,
  time_too_soon: 422,
  time_nonexistent: 422,
  invalid_instance: 422,
  wrong_setup_code: 422,
  // 429: too often.
  rate_limited: 429,
  // 5xx: ours or a provider's failure, never the caller's input.
  internal_error: 500,
  password_update_failed: 500,
  schedule_failed: 500,
  metrics_unavailable: 501,
  ai_failed: 502,
  checkout_failed: 502,
  portal_failed: 502,
  instance_unreachable: 502,
  ai_unavailable: 503,
  provider_unavailable: 503,
  billing_disabled: 503,
  database_busy: 503,
  media_unavailable: 503,
  ai_timeout: 504,
} as const;

export type ErrorCode = keyof typeof ERROR_STATUS;
