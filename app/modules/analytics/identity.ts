/**
 * The one id PostHog knows a person by, in the browser (identify) and on the server (capture): the
 * e-mail address, or the user id for an account without one.
 */
export function analyticsId(user: { id: string; email?: string | null }): string {
  return user.email || user.id;
}

/** The event both test buttons of /debug-posthog send. */
export const DEBUG_TEST_EVENT = "debug test event";
