// Send keys (docs/decisions/0054-bluesky.md): for a network that names what it creates (Bluesky's
// record key), the publisher stores the part's key with its sentAt before the create request, and
// gives every later attempt of that part the same key. Shown here with the X fake and a send key
// lent to X for the test (X itself has none), on this file's database (SQLite and PostgreSQL).
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { getNetwork } from "~/integrations/networks/registry.server";
import type { Network, PartToSend } from "~/integrations/networks/types";
import { getDb } from "~/modules/db/db.server";
import { claimDue, markSent, renewLease } from "~/modules/publishing/claim.server";
import { attemptDelivery } from "~/modules/publishing/deliver.server";
import { connectedUser, deliveryOf, dueThread, partsOf, publishAllDue, startFakes, uniqueText, type Fakes } from "../support/publishing";

let fakes: Fakes;
const x = getNetwork("twitter") as Network;
let issued = 0;
const published: PartToSend[] = [];
const reconciled: PartToSend[] = [];

beforeAll(async () => {
  fakes = await startFakes();
  x.newSendKey = () => `key-${++issued}`;
  const publishPart = x.publishPart.bind(x);
  const reconcilePart = x.reconcilePart.bind(x);
  vi.spyOn(x, "publishPart").mockImplementation((ctx, part, options) => {
    published.push({ ...part, images: [] });
    return publishPart(ctx, part, options);
  });
  vi.spyOn(x, "reconcilePart").mockImplementation((ctx, part, attempt) => {
    reconciled.push({ ...part, images: [] });
    return reconcilePart(ctx, part, attempt);
  });
});

afterAll(async () => {
  delete x.newSendKey;
  vi.restoreAllMocks();
  await fakes.close();
});

describe("send keys", () => {
  it("are stored with sentAt before the create, and a crashed part is looked up and sent again under its own key", async () => {
    const { user } = await connectedUser(fakes, ["twitter"]);
    const texts = [1, 2, 3].map((n) => `${uniqueText("Keyed")} ${n}/3`);
    const postId = await dueThread(user.id, { x: texts });
    const [claimed] = await claimDue("doomed-worker", "twitter", 1);
    // Part 2 is created, but its answer never reaches the worker, which then dies.
    fakes.x.dropConnectionAfterHandling((r) => r.method === "POST" && r.path === "/2/tweets" && r.body?.text === texts[1]);
    await expect(
      attemptDelivery(claimed!, {
        workerId: "doomed-worker",
        stillMine: () => renewLease(claimed!.id, "doomed-worker"),
        beforeSend: (partId, sendKey) => markSent(claimed!.id, "doomed-worker", partId, sendKey),
      }),
    ).rejects.toThrow();
    const before = await partsOf(postId, "twitter");
    expect(before.map((p) => [p.status, p.sentAt !== null, p.sendKey])).toEqual([
      ["published", true, "key-1"],
      ["pending", true, "key-2"],
      ["pending", false, null],
    ]);
    expect(published.map((p) => p.sendKey)).toEqual(["key-1", "key-2"]);

    // A part that holds a key is never marked sent under another one.
    expect(await markSent(claimed!.id, "doomed-worker", before[1]!.id, "key-other")).toBe(false);
    expect((await partsOf(postId, "twitter"))[1]!.sendKey).toBe("key-2");

    await getDb().delivery.updateMany({ where: { postId }, data: { leaseUntil: new Date(Date.now() - 1000) } });
    await publishAllDue();
    expect(await deliveryOf(postId, "twitter")).toMatchObject({ status: "published" });
    // The next attempt looked part 2 up under the key it went out with, found it, and sent part 3 under a new key.
    expect(reconciled.map((p) => [p.position, p.sendKey])).toEqual([[2, "key-2"]]);
    expect(published.map((p) => p.sendKey)).toEqual(["key-1", "key-2", "key-3"]);
    const after = await partsOf(postId, "twitter");
    expect(after.map((p) => [p.status, p.sendKey])).toEqual([
      ["published", "key-1"],
      ["published", "key-2"],
      ["published", "key-3"],
    ]);
    expect(fakes.x.state.tweets.filter((t) => t.text === texts[1])).toHaveLength(1);
  });

  it("a later part whose lookup cannot tell (unknown) is left unknown: never sent again blindly", async () => {
    const { user } = await connectedUser(fakes, ["twitter"]);
    const texts = [uniqueText("Told"), uniqueText("Cannot tell")];
    const postId = await dueThread(user.id, { x: texts });
    fakes.x.dropConnectionAfterHandling((r) => r.method === "POST" && r.path === "/2/tweets" && r.body?.text === texts[1]);
    await publishAllDue();
    expect((await partsOf(postId, "twitter"))[1]).toMatchObject({ status: "pending", sendKey: expect.stringMatching(/^key-/) });
    // The network's lookup cannot tell (as Bluesky for a part sent before send keys existed).
    vi.mocked(x.reconcilePart).mockResolvedValueOnce({ outcome: "unknown", checkUrl: "https://x.com/check" });
    await getDb().delivery.updateMany({ where: { postId, status: "pending" }, data: { nextAttemptAt: new Date(Date.now() - 1000) } });
    await publishAllDue();
    expect((await partsOf(postId, "twitter")).map((p) => [p.status, p.url?.startsWith("https://x.com/") ?? false])).toEqual([
      ["published", true],
      ["unknown", true],
    ]);
    expect((await partsOf(postId, "twitter"))[1]!.url).toBe("https://x.com/check");
    expect(fakes.x.state.requests.filter((r) => r.method === "POST" && r.path === "/2/tweets" && r.body?.text === texts[1])).toHaveLength(1);
  });
});
