// The free plan's numbers, shared by the rules that enforce them and the pricing page that
// promises them (content/*/pricing.yaml says {{freeScheduledPostsPerMonth}}).

/** Posts a user without paid access may schedule or publish in one calendar month of their time zone. */
export const FREE_SCHEDULED_POSTS_PER_MONTH = 10;

/** The placeholders content files may use for these numbers, and their values. */
export const PLAN_NUMBERS = { freeScheduledPostsPerMonth: FREE_SCHEDULED_POSTS_PER_MONTH } as const;
