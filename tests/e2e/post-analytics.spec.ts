import AxeBuilder from "@axe-core/playwright";
import { E2E_DATA_DIR } from "../../playwright.config";
import { addChannel, expect, screenshotEach, signUp, test, uniqueEmail } from "./fixtures";

// The analytics page (/analytics): empty for a new user, then with published posts whose numbers
// are written straight into the e2e database (X with every number, LinkedIn with none: "not
// available", never 0), the period as plain links, best posts linking to their pages, best hours.

const HOUR = 3_600_000;
const DAY = 24 * HOUR;

/** Published posts of the user on each of their channels of `network`, with these numbers (null: not given), written in the e2e database. */
async function publishWithNumbers(
  email: string,
  network: "twitter" | "linkedin" | "bluesky",
  posts: { text: string; ago: number; numbers: [number | null, number | null, number | null, number | null, number | null] }[],
) {
  const { createClient } = await import("@libsql/client");
  const db = createClient({ url: `file:${E2E_DATA_DIR}/plume.db` });
  await db.execute("PRAGMA busy_timeout = 5000");
  const iso = (at: number) => new Date(at).toISOString().replace("Z", "+00:00");
  const id = () => `e2e${Math.random().toString(36).slice(2, 14)}`;
  const user = await db.execute({ sql: `SELECT "id" FROM "User" WHERE "email" = ?`, args: [email] });
  const userId = String(user.rows[0]!.id);
  const channel = await db.execute({ sql: `SELECT "id" FROM "Channel" WHERE "userId" = ? AND "network" = ?`, args: [userId, network] });
  const channelId = String(channel.rows[0]!.id);
  for (const post of posts) {
    const at = iso(Date.now() - post.ago);
    const fetched = iso(Date.now() - post.ago + HOUR);
    const [postId, targetId] = [id(), id()];
    const [likes, reposts, replies, quotes, impressions] = post.numbers;
    await db.batch([
      {
        sql: `INSERT INTO "Post" ("id", "userId", "workspaceId", "status", "platforms", "twitterText", "linkedinText", "publishedAt", "createdAt", "updatedAt") VALUES (?, ?, ?, 'published', ?, ?, ?, ?, ?, ?)`,
        args: [postId, userId, userId, network, network === "twitter" ? post.text : "", network === "linkedin" ? post.text : "", at, at, at],
      },
      {
        sql: `INSERT INTO "PostTarget" ("id", "postId", "channelId", "network", "position", "createdAt", "updatedAt") VALUES (?, ?, ?, ?, 1, ?, ?)`,
        args: [targetId, postId, channelId, network, at, at],
      },
      {
        sql: `INSERT INTO "PostPart" ("id", "targetId", "position", "text", "status", "publishedAt", "likes", "reposts", "replies", "quotes", "impressions", "metricsFetchedAt", "createdAt", "updatedAt")
              VALUES (?, ?, 1, ?, 'published', ?, ?, ?, ?, ?, ?, ?, ?, ?)`,
        args: [id(), targetId, post.text, at, likes, reposts, replies, quotes, impressions, fetched, at, at],
      },
    ]);
  }
  db.close();
}

test("a new user's analytics page says what will come and leads to the posts", async ({ page, hasJavaScript }) => {
  await signUp(page, uniqueEmail("analytics-empty"));
  await page.goto("/analytics");
  await expect(page.getByRole("heading", { level: 1, name: "Analytics" })).toBeVisible();
  await expect(page.getByRole("heading", { name: "Nothing published in the last 30 days" })).toBeVisible();
  await expect(page.getByText("Numbers arrive about an hour after publishing.")).toBeVisible();
  if (hasJavaScript) await screenshotEach(page, "analytics-empty");
  await page.getByRole("link", { name: "Go to your posts" }).click();
  await expect(page).toHaveURL(/\/posts$/);
});

test("the analytics page shows totals per account, engagement over time, best posts and hours, for the period chosen", async ({ page, hasJavaScript }) => {
  // Ten posts written, two accessibility scans: 27 s on a quiet machine, more than 60 s in a loaded CI run.
  test.setTimeout(120_000);
  const email = uniqueEmail("analytics");
  await signUp(page, email);
  await addChannel(email, { network: "twitter", displayName: "Ada Lovelace", handle: "ada" });
  await addChannel(email, { network: "linkedin", displayName: "Ada Lovelace", handle: "ada-lovelace" });
  await addChannel(email, { network: "bluesky", displayName: "Ada on Bluesky", handle: "ada.bsky.social" });
  const texts = [
    "We shipped threads to every network today. Here is what changed and why it matters for you.",
    "Five things we learned from our first thousand users.",
    "A short note on writing for people, not for algorithms.",
    "Behind the scenes: how the publisher never posts twice.",
    "Our roadmap for the spring, in one picture.",
    "Scheduling tip: post when your readers are awake.",
    "Thank you for 10,000 posts published with Plume!",
  ];
  await publishWithNumbers(
    email,
    "twitter",
    texts.map((text, index) => ({
      text,
      ago: (index * 4 + 1) * DAY + index * 3 * HOUR,
      numbers: [120 + index * 37, 14 + index * 3, 9 + index, 2, 4_800 + index * 900],
    })),
  );
  await publishWithNumbers(email, "bluesky", [
    { text: "Hello Bluesky! Plume now posts here too.", ago: 3 * DAY, numbers: [64, 12, 7, 3, null] },
    { text: "Threads on Bluesky, with their numbers.", ago: 9 * DAY, numbers: [41, 5, 2, 0, null] },
  ]);
  await publishWithNumbers(email, "linkedin", [{ text: "We are hiring a designer.", ago: 2 * DAY, numbers: [null, null, null, null, null] }]);

  await page.goto("/analytics");
  const totals = page.getByRole("region", { name: "Totals per account" });
  await expect(totals).toBeVisible();
  // LinkedIn gives a member's post nothing: "not available", never 0.
  const linkedin = totals.getByRole("listitem").filter({ hasText: "LinkedIn" });
  await expect(linkedin.getByText("not available").first()).toBeAttached();
  await expect(linkedin.getByText("0", { exact: true })).toHaveCount(0);
  const bluesky = totals.getByRole("listitem").filter({ hasText: "Bluesky" });
  await expect(bluesky.getByText("105", { exact: true })).toBeVisible();

  // The chart's numbers as a table: visible without JavaScript, behind "Show the numbers" with it.
  const chart = page.getByRole("region", { name: "Engagement over time" });
  const best = page.getByRole("region", { name: "Best posts" });
  await expect(best.getByRole("link")).toHaveCount(5);
  await expect(best.getByRole("link").first()).toContainText("Thank you for 10,000 posts");
  // Three posts went out around the same hour: the only hour with more than one.
  await expect(page.getByRole("region", { name: "Best posting hours" }).getByText(/does best/)).toBeVisible();
  if (hasJavaScript) {
    await expect(chart.locator(".recharts-surface")).toBeVisible();
    // Reloaded at each size: the chart measures its box when drawn.
    await screenshotEach(page, "analytics-data", async () => {
      await page.reload();
      await expect(chart.locator(".recharts-bar-rectangle").first()).toBeVisible();
    });
    await chart.getByText("Show the numbers").click();
    // The page with data has no serious accessibility fault, in either scheme.
    for (const scheme of ["light", "dark"] as const) {
      await page.emulateMedia({ colorScheme: scheme });
      const results = await new AxeBuilder({ page }).withTags(["wcag2a", "wcag2aa", "wcag21a", "wcag21aa"]).analyze();
      const serious = results.violations.filter((v) => v.impact === "serious" || v.impact === "critical");
      expect(serious.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(" ")).join(", ")}`)).toEqual([]);
    }
  }
  await expect(chart.getByRole("table")).toBeVisible();

  // The period is a plain link: 7 days keeps only the week's posts.
  await page.getByRole("link", { name: "Last 7 days" }).click();
  await expect(page).toHaveURL(/\/analytics\?days=7$/);
  await expect(page.getByRole("link", { name: "Last 7 days" })).toHaveAttribute("aria-current", "page");
  await expect(page.getByRole("region", { name: "Best posts" }).getByRole("link")).toHaveCount(3);

  await page.getByRole("region", { name: "Best posts" }).getByRole("link").first().click();
  await expect(page).toHaveURL(/\/posts\/e2e/);

  // The posts list and gallery show each published post's numbers; LinkedIn's are "not available".
  await page.goto("/posts?view=list");
  const row = page.getByRole("row").filter({ hasText: "Thank you for 10,000 posts" });
  await expect(row).toContainText(/Likes:\s*342/);
  await expect(row).toContainText(/Reposts:\s*32/);
  await expect(page.getByRole("row").filter({ hasText: "We are hiring a designer." })).toContainText(/Likes:—not available/);
  if (hasJavaScript) await screenshotEach(page, "analytics-posts-list");
  await page.goto("/posts?view=gallery");
  await expect(page.getByRole("article").filter({ hasText: "Hello Bluesky!" })).toContainText(/Replies:\s*7/);
  if (hasJavaScript) await screenshotEach(page, "analytics-posts-gallery");
});
