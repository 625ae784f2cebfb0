import type { APIRequestContext, Page } from "@playwright/test";
import { E2E_DATA_DIR } from "../../playwright.config";
import { connectAccount, expect, screenshotEach, signUp, test, uniqueEmail } from "./fixtures";

// The queue view (/posts?view=queue, docs/decisions/0070), with and without JavaScript: a user in
// Europe/Paris sets three slots, adds ten posts to the queue, and reads them at the right local
// times across the next daylight-saving change; Shuffle and Move to top; the calendar's free slots.
// The server runs on real time: the slots before the change are filled first (posts scheduled at
// those times through the API), so that the ten land on both sides of it.

/** The first instant of summer time in Paris after the test's today (the server's clock). */
function nextSpringChange(now = new Date()): Date {
  for (let year = now.getUTCFullYear(); ; year++) {
    // The last Sunday of March, 01:00 UTC.
    const lastDay = new Date(Date.UTC(year, 2, 31, 1));
    const change = new Date(lastDay.getTime() - lastDay.getUTCDay() * 86_400_000);
    if (change > now) return change;
  }
}

/** Paris, and a paid plan (the free plan's ten posts a month would stop the filling), in the e2e database. */
async function parisProUser(email: string) {
  const { createClient } = await import("@libsql/client");
  const db = createClient({ url: `file:${E2E_DATA_DIR}/plume.db` });
  await db.execute("PRAGMA busy_timeout = 5000");
  const at = new Date().toISOString().replace("Z", "+00:00");
  await db.execute({ sql: `UPDATE "User" SET "timezone" = 'Europe/Paris' WHERE "email" = ?`, args: [email] });
  await db.execute({
    sql: `INSERT INTO "Subscription" ("id", "userId", "plan", "status", "createdAt", "updatedAt") SELECT ?, "id", 'pro', 'active', ?, ? FROM "User" WHERE "email" = ?
          ON CONFLICT ("userId") DO UPDATE SET "plan" = 'pro', "status" = 'active', "trialEndsAt" = NULL`,
    args: [`e2e${Math.random().toString(36).slice(2, 12)}`, at, at, email],
  });
  db.close();
}

async function json<T>(response: Awaited<ReturnType<APIRequestContext["get"]>>, status = 200): Promise<T> {
  expect(response.status(), await response.text()).toBe(status);
  return ((await response.json()) as { data: T }).data;
}

type ApiPost = { id: string; scheduledAt: string };

/** Sets the three slots, fills the slot times before the change but the last five, and queues ten posts; their ids and times. */
async function queueTenAcrossTheChange(request: APIRequestContext, channelId: string, change: Date) {
  await json(
    await request.put("/api/queue", {
      data: {
        slots: [
          { weekday: 1, time: "09:00" },
          { weekday: 3, time: "12:30" },
          { weekday: 4, time: "18:00" },
        ],
      },
    }),
  );
  const post = (text: string, scheduledAt?: string) =>
    request.post("/api/posts", { data: { targets: [{ channelId, parts: [{ text }] }], ...(scheduledAt ? { scheduledAt } : {}) } });
  let filled = 0;
  for (;;) {
    const times = await json<string[]>(await request.get(`/api/queue/next?channelId=${channelId}&count=50`));
    const before = times.filter((time) => new Date(time) < change);
    const reachesTheChange = before.length < times.length;
    // The last five free times before the change stay free (they come first again in the next round).
    for (const time of before.slice(0, -5)) await json<ApiPost>(await post(`Filler ${++filled}`, time), 201);
    if (reachesTheChange) break;
  }
  const queued: ApiPost[] = [];
  for (let i = 1; i <= 10; i++) {
    const draft = await json<ApiPost>(await post(`Queued post ${i}`), 201);
    queued.push(await json<ApiPost>(await request.post(`/api/posts/${draft.id}/queue`)));
  }
  return queued;
}

/** Every post's time, by id (the API's pages of 100). */
async function allTimes(request: APIRequestContext): Promise<Map<string, string>> {
  const posts = await json<(ApiPost & { status: string })[]>(await request.get("/api/posts?pageSize=100"));
  return new Map(posts.filter((p) => p.status === "scheduled").map((p) => [p.id, p.scheduledAt]));
}

/** The line of the queue that shows `text`, in the LinkedIn column. */
const lineOf = (page: Page, text: string) =>
  page
    .getByRole("region", { name: /^LinkedIn:/ })
    // A slot's line (its time first), not the day around it.
    .locator("li:has(> time)")
    .filter({ has: page.getByRole("link", { name: text, exact: true }) });

test("ten queued posts read at their local slot times across the spring change; Shuffle and Move to top", async ({ page }) => {
  test.setTimeout(120_000);
  const email = uniqueEmail("queue-view");
  await signUp(page, email);
  await connectAccount(page, "LinkedIn", "/profile");
  await connectAccount(page, "X (Twitter)", "/profile");
  await parisProUser(email);
  const channels = await json<{ id: string; network: string }[]>(await page.request.get("/api/channels"));
  const linkedin = channels.find((channel) => channel.network === "linkedin")!.id;
  const change = nextSpringChange();
  const queued = await queueTenAcrossTheChange(page.request, linkedin, change);

  // Five before the change and five after it, at 09:00, 12:30 and 18:00 in Paris on either side.
  expect(queued.filter((post) => new Date(post.scheduledAt) < change)).toHaveLength(5);
  const changeDay = new Date(change.getTime() - 14 * 86_400_000).toISOString().slice(0, 10);
  await page.goto(`/posts?view=queue&from=${changeDay}&days=28`);
  await expect(page.getByRole("heading", { name: "Queue", exact: true })).toBeVisible();
  const parisTime = (iso: string) => new Intl.DateTimeFormat("en-US", { timeStyle: "short", timeZone: "Europe/Paris" }).format(new Date(iso));
  const slotTimes = ["9:00 AM", "12:30 PM", "6:00 PM"];
  for (const [i, post] of queued.entries()) {
    const line = lineOf(page, `Queued post ${i + 1}`);
    await expect(line).toHaveCount(1);
    const shown = (await line.locator("time").textContent())!.trim();
    expect(shown).toBe(parisTime(post.scheduledAt));
    expect(slotTimes).toContain(shown);
    await expect(line.locator("time")).toHaveAttribute("datetime", post.scheduledAt);
  }
  // Monday 09:00 is 08:00 UTC in winter and 07:00 UTC in summer: the same wall time on the page.
  const mondays = queued.filter((post) => parisTime(post.scheduledAt) === "9:00 AM").map((post) => post.scheduledAt.slice(11, 16));
  expect(new Set(mondays)).toEqual(new Set(["08:00", "07:00"]));
  // The X column: every slot free, none filled.
  await expect(
    page
      .getByRole("region", { name: /^X \(Twitter\):/ })
      .getByText("Free")
      .first(),
  ).toBeVisible();
  await screenshotEach(page, "queue-view");

  // Shuffle: the same times, dealt again.
  const before = await allTimes(page.request);
  await page.getByRole("button", { name: "Shuffle" }).click();
  await expect(page.getByText(/Queue shuffled: \d+ posts moved\./).first()).toBeVisible();
  await expect(page).toHaveURL(new RegExp(`/posts\\?view=queue&from=${changeDay}&days=28$`));
  const after = await allTimes(page.request);
  expect([...after.values()].sort()).toEqual([...before.values()].sort());
  expect([...after].filter(([id, at]) => before.get(id) !== at).length).toBeGreaterThan(0);

  // Move to top: the post shown first on this page takes the earliest time of the whole queue.
  const moveButton = page.getByRole("button", { name: /^Move to the top of the queue: / }).first();
  const linkId = (await moveButton.getAttribute("aria-labelledby"))!.split(" ")[1]!;
  const text = (await page.locator(`[id="${linkId}"]`).textContent())!;
  await moveButton.click();
  await expect(page.getByText("Moved to the top of the queue.").first()).toBeVisible();
  const moved = await allTimes(page.request);
  const earliest = [...after.values()].sort()[0];
  const movedId = [...moved].find(([, at]) => at === earliest)![0];
  expect((await json<{ text: string }>(await page.request.get(`/api/posts/${movedId}`))).text).toBe(text);
  expect([...moved.values()].sort()).toEqual([...after.values()].sort());

  // The calendar of the change's month: the queued posts, and the free slots as "free".
  const month = change.toISOString().slice(0, 7);
  await page.goto(`/posts?view=calendar&month=${month}`);
  await expect(page.locator("[data-free-slots] li").first()).toBeVisible();
  await expect(page.locator("[data-free-slots] li").first()).toContainText(/free$/);
  await screenshotEach(page, "queue-calendar");
});

test("without slots, the queue view explains and leads to the slots' page", async ({ page }) => {
  await signUp(page, uniqueEmail("queue-empty"));
  await page.goto("/posts?view=queue");
  await expect(page.getByRole("heading", { name: "No time slots yet" })).toBeVisible();
  await expect(page.getByRole("link", { name: "Edit posting times" })).toHaveAttribute("href", "/queue");
  await screenshotEach(page, "queue-empty");
});
