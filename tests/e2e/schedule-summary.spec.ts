import { addChannel, expect, screenshotEach, signUp, test, uniqueEmail } from "./fixtures";

// The schedule step names every account a post goes to (any network), part 1, its parts, and what
// a network would refuse, before the click.
test("the schedule step sums up each account: Bluesky and X threads, a LinkedIn first comment, a part too long", async ({ page, hasJavaScript }) => {
  test.setTimeout(90_000);
  const email = uniqueEmail("summary");
  await signUp(page, email);
  await addChannel(email, { network: "bluesky", displayName: "Ada on Bluesky", handle: "ada.bsky.social" });
  await addChannel(email, { network: "twitter", displayName: "Ada", handle: "ada" });
  await addChannel(email, { network: "linkedin", displayName: "Ada Lovelace", handle: "ada@example.com" });
  const channels = ((await (await page.request.get("/api/channels")).json()) as { data: { id: string; network: string }[] }).data;
  const channel = (network: string) => channels.find((c) => c.network === network)!.id;
  const created = await page.request.post("/api/posts", {
    data: {
      targets: [
        { channelId: channel("bluesky"), parts: [{ text: "Launch day. ".repeat(30) }] },
        { channelId: channel("twitter"), parts: [{ text: "Launch day, a thread 🧵" }, { text: "Part two" }, { text: "Part three" }] },
        { channelId: channel("linkedin"), parts: [{ text: "We launched today." }, { text: "The link: https://example.com" }] },
      ],
    },
  });
  expect(created.status()).toBe(201);
  const postId = ((await created.json()) as { data: { id: string } }).data.id;

  await page.goto(`/create/${postId}/schedule`);
  const summary = page.getByTestId("post-summary");
  const items = summary.getByRole("listitem");
  await expect(items).toHaveCount(3);
  await expect(items.nth(0)).toContainText("Bluesky @ada.bsky.social");
  await expect(items.nth(0)).toContainText("Bluesky @ada.bsky.social, part 1: the text is too long (360 of 300).");
  await expect(items.nth(0).getByRole("link", { name: "Fix it" })).toHaveAttribute("href", `/create/${postId}/review`);
  await expect(items.nth(1)).toContainText("X @ada");
  await expect(items.nth(1)).toContainText("3 parts");
  await expect(items.nth(1)).toContainText("Launch day, a thread 🧵");
  await expect(items.nth(2)).toContainText("LinkedIn ada@example.com");
  await expect(items.nth(2)).toContainText("with a first comment");
  if (hasJavaScript) await screenshotEach(page, "schedule-summary", () => page.goto(`/create/${postId}/schedule`));
});
