import { useHydrated } from "./use-hydrated";

/**
 * Where "Write a post" leads: the one-screen composer once the page runs JavaScript, the step by
 * step wizard (every step a plain form) without (docs/decisions/0065).
 */
export function useWritePostHref(): string {
  return useHydrated() ? "/compose" : "/create";
}
