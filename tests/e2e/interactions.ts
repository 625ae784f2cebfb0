import type { Locator } from "@playwright/test";

/**
 * Counts what a person does: each click, choice or filled field is one interaction. The walks in
 * first-post.spec.ts act only through it, so the count is the path's real length.
 */
export function interactionCounter() {
  let count = 0;
  const counted =
    <A extends unknown[]>(action: (locator: Locator, ...args: A) => Promise<unknown>) =>
    async (locator: Locator, ...args: A) => {
      count += 1;
      await action(locator, ...args);
    };
  return {
    click: counted((locator) => locator.click()),
    fill: counted((locator, value: string) => locator.fill(value)),
    check: counted((locator) => locator.check()),
    selectOption: counted((locator, value: string) => locator.selectOption(value)),
    get count() {
      return count;
    },
  };
}
