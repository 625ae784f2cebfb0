/** The query a page is given back after "connect first": apply the schedule choice the user confirmed. */
export const RESUME_PARAM = "resume";
