import { E2E_DATA_DIR } from "../../playwright.config";
import { connectAccount, expect, screenshotEach, signUp, test, uniqueEmail } from "./fixtures";

// A published post's numbers on its page: an X thread (per part) and a LinkedIn member's post
// ("not available": LinkedIn gives member apps nothing), "Refresh" through the page's own form
// (with and without JavaScript), then the 5-minute wait said plainly. The publisher and the X and
// LinkedIn fakes run with the e2e server.

/** Gives the X parts of a post numbers as if X had counted them, in the e2e database. */
async function countOnX(postId: string) {
  const { createClient } = await import("@libsql/client");
  const db = createClient({ url: `file:${E2E_DATA_DIR}/plume.db` });
  await db.execute("PRAGMA busy_timeout = 5000");
  const at = new Date(Date.now() - 12 * 60_000).toISOString().replace("Z", "+00:00");
  const counted: [number, number, number, number, number, number][] = [
    [1, 1284, 96, 41, 12, 48_210],
    [2, 203, 8, 5, 1, 6_904],
  ];
  for (const [position, likes, reposts, replies, quotes, impressions] of counted)
    await db.execute({
      sql: `UPDATE "PostPart" SET "likes" = ?, "reposts" = ?, "replies" = ?, "quotes" = ?, "impressions" = ?, "metricsFetchedAt" = ?
            WHERE "position" = ? AND "targetId" IN (SELECT "id" FROM "PostTarget" WHERE "postId" = ? AND "network" = 'twitter')`,
      args: [likes, reposts, replies, quotes, impressions, at, position, postId],
    });
  db.close();
}

test("a published post shows its numbers per account and per part, and Refresh waits 5 minutes between fetches", async ({ page, hasJavaScript }) => {
  test.setTimeout(90_000);
  await signUp(page, uniqueEmail("metrics"));
  await connectAccount(page, "LinkedIn", "/profile");
  await connectAccount(page, "X (Twitter)", "/profile");
  const channels = ((await (await page.request.get("/api/channels")).json()) as { data: { id: string; network: string }[] }).data;
  const channelOf = (network: string) => channels.find((c) => c.network === network)!.id;
  const tag = uniqueEmail("numbers");
  const created = await page.request.post("/api/posts", {
    data: {
      targets: [
        { channelId: channelOf("twitter"), parts: [{ text: `Launch day thread (${tag})` }, { text: `What we learned (${tag})` }] },
        { channelId: channelOf("linkedin"), parts: [{ text: `Launch day on LinkedIn (${tag})` }] },
      ],
    },
  });
  expect(created.status()).toBe(201);
  const id = ((await created.json()) as { data: { id: string } }).data.id;

  await page.goto(`/posts/${id}`);
  await page.getByRole("button", { name: "Publish now" }).click();
  await expect(page.getByRole("main").locator("header").getByText("Published", { exact: true }).first()).toBeVisible({ timeout: 30_000 });
  await page.goto(`/posts/${id}`);
  const metrics = page.getByRole("region", { name: "Performance" });
  await expect(metrics.getByText("Not fetched yet: the first numbers come about an hour after publishing.").first()).toBeVisible();

  await metrics.getByRole("button", { name: "Refresh" }).click();
  await expect(page.getByText("Numbers updated", { exact: true })).toBeVisible();
  // LinkedIn gives a member's post no numbers: said, never shown as 0.
  await expect(metrics.getByText("not available").first()).toBeVisible();
  await expect(metrics.getByText("Updated just now").first()).toBeVisible();

  await countOnX(id);
  await page.goto(`/posts/${id}`);
  await expect(metrics.getByText("1,487").first()).toBeVisible(); // 1,284 + 203 likes
  await expect(metrics.getByRole("table", { name: "Each part's numbers on X" }).getByRole("row", { name: /Part 2/ })).toContainText("6,904");
  await expect(metrics.getByText("Updated 12 minutes ago")).toBeVisible();
  if (!hasJavaScript) await screenshotEach(page, "post-metrics");

  await metrics.getByRole("button", { name: "Refresh" }).click();
  await expect(page.getByRole("alert")).toContainText("The numbers were refreshed less than 5 minutes ago: try again in 5 minutes.");
});
