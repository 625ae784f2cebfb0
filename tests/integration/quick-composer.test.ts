import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createSession } from "~/modules/auth/session.server";
import { getDb } from "~/modules/db/db.server";
import { setPostTargets } from "~/modules/posts/post.server";
import { networksToConnectFirst } from "~/modules/posts/quick-compose.server";
import * as compose from "~/routes/_dashboard.compose.($postId)";
import { call, type Handler } from "../support/route-call";
import { connectedUser, startFakes, type Fakes } from "../support/publishing";

// Issue 26: the one-screen composer's server side. Every button saves first; the thread written once
// goes to each chosen account as its network takes it; what is refused changes nothing.

let fakes: Fakes;
beforeAll(async () => {
  fakes = await startFakes();
});
afterAll(async () => {
  await fakes.close();
});

async function composer(platforms: ("linkedin" | "twitter")[] = ["linkedin", "twitter"]) {
  const { user } = await connectedUser(fakes, platforms);
  const cookie = (await createSession(user.id)).split(";")[0]!;
  const channels = await getDb().channel.findMany({ where: { userId: user.id }, orderBy: { createdAt: "asc" } });
  const byNetwork = (network: string) => channels.find((channel) => channel.network === network)!.id;
  const url = (postId?: string, query = "") => `http://localhost:3000/compose${postId ? `/${postId}` : ""}${query}`;
  const params = (postId?: string): Record<string, string> => (postId ? { postId } : {});
  return {
    user,
    cookie,
    byNetwork,
    load: (postId?: string, query = "") => call(compose.loader as Handler, { url: url(postId, query), params: params(postId), cookie }),
    send: (fields: [string, string][] | FormData, postId?: string) =>
      call(compose.action as Handler, {
        method: "POST",
        url: url(postId),
        params: params(postId),
        cookie,
        form: fields instanceof FormData ? fields : new URLSearchParams(fields),
      }),
  };
}

async function targetsOf(postId: string) {
  const targets = await getDb().postTarget.findMany({ where: { postId }, orderBy: { position: "asc" }, include: { parts: { orderBy: { position: "asc" } } } });
  return targets.map((target) => ({ network: target.network, parts: target.parts.map((part) => part.text), media: target.parts.map((part) => part.mediaIds) }));
}

const postIdIn = (location: string | null, pattern = /\/(?:compose|posts)\/([^/?]+)/) => pattern.exec(location ?? "")?.[1] ?? "";

describe("the one-screen composer", () => {
  it("opens on every account that can publish and a suggested time; a thread typed with --- is scheduled on each network its way", async () => {
    const c = await composer();
    const page = await c.load();
    expect(page.status).toBe(200);
    expect(page.body.chosen).toEqual([c.byNetwork("linkedin"), c.byNetwork("twitter")]);
    expect(page.body.slot.date).toMatch(/^\d{4}-\d{2}-\d{2}$/);
    expect(page.body.slot.time).toMatch(/^\d{2}:\d{2}$/);
    const answer = await c.send([
      ["channels", c.byNetwork("twitter")],
      ["channels", c.byNetwork("linkedin")],
      ["parts[0].text", "The post\n---\nThe reply, or the first comment"],
      ["date", page.body.slot.date],
      ["time", page.body.slot.time],
      ["intent", "schedule"],
    ]);
    expect(answer.status).toBe(302);
    const postId = postIdIn(answer.headers.get("Location"));
    expect(answer.headers.get("Location")).toBe(`/posts/${postId}`);
    const post = await getDb().post.findUniqueOrThrow({ where: { id: postId } });
    expect(post).toMatchObject({ userId: c.user.id, status: "scheduled", linkedinText: "The post", twitterText: "The post" });
    // In the user's order of accounts, whatever the order of the boxes.
    expect(await targetsOf(postId)).toEqual([
      { network: "linkedin", parts: ["The post", "The reply, or the first comment"], media: ["", ""] },
      { network: "twitter", parts: ["The post", "The reply, or the first comment"], media: ["", ""] },
    ]);
  });

  it("keeps a text typed before any account is chosen, and the network connected from here joins the choice", async () => {
    const c = await composer(["twitter"]);
    const saved = await c.send([
      ["parts[0].text", "Written first\n---\nthen connected"],
      ["intent", "save"],
    ]);
    expect(saved.status).toBe(302);
    const postId = postIdIn(saved.headers.get("Location"));
    const page = await c.load(postId);
    expect(page.body.chosen).toEqual([]);
    expect(page.body.parts.map((part: { text: string }) => part.text)).toEqual(["Written first", "then connected"]);
    // Back from connecting X (?add=twitter): its account is chosen, the text still there.
    const back = await c.load(postId, "?add=twitter");
    expect(back.body.chosen).toEqual([c.byNetwork("twitter")]);
    expect(back.body.parts.map((part: { text: string }) => part.text)).toEqual(["Written first", "then connected"]);
  });

  it("'Connect' saves the draft, then leaves for the network's consent page, to come back to this draft", async () => {
    const c = await composer(["twitter"]);
    const answer = await c.send([
      ["channels", c.byNetwork("twitter")],
      ["parts[0].text", "Before connecting LinkedIn"],
      ["intent", "connect:linkedin"],
    ]);
    expect(answer.status).toBe(302);
    expect(answer.headers.get("X-Remix-Reload-Document")).toBe("true");
    const consent = new URL(answer.headers.get("Location")!);
    expect(consent.pathname).toMatch(/authorization/);
    const state = await getDb().oAuthState.findFirstOrThrow({ where: { userId: c.user.id }, orderBy: { createdAt: "desc" } });
    const draft = await getDb().post.findFirstOrThrow({ where: { userId: c.user.id } });
    expect(state.returnTo).toBe(`/compose/${draft.id}?add=linkedin`);
    expect(await targetsOf(draft.id)).toEqual([{ network: "twitter", parts: ["Before connecting LinkedIn"], media: [""] }]);
    // Bluesky asks for its details on a page of ours, and comes back here too.
    const bluesky = await c.send([["intent", "connect:bluesky"]], draft.id);
    expect(bluesky.headers.get("Location")).toBe(`/profile/connect/bluesky?returnTo=${encodeURIComponent(`/compose/${draft.id}?add=bluesky`)}`);
  });

  it("refuses what it cannot do, with a message, and creates or changes nothing", async () => {
    const c = await composer(["twitter"]);
    const count = () => getDb().post.count({ where: { userId: c.user.id } });
    const unknownIntent = await c.send([
      ["parts[0].text", "x"],
      ["intent", "delete-everything"],
    ]);
    expect(unknownIntent.status).toBe(400);
    const noTime = await c.send([
      ["channels", c.byNetwork("twitter")],
      ["parts[0].text", "No time given"],
      ["intent", "schedule"],
    ]);
    expect(noTime.status).toBe(400);
    expect(noTime.body.result.error).toMatchObject({ date: ["posts.validation.dateRequired"], time: ["posts.validation.timeRequired"] });
    const tooMany = await c.send([
      ["channels", c.byNetwork("twitter")],
      ["parts[0].text", Array.from({ length: 30 }, (_, i) => `part ${i}`).join("\n---\n")],
      ["intent", "save"],
    ]);
    expect(tooMany.status).toBe(422);
    expect(tooMany.body.result.error[""]).toEqual(["A post can have at most 25 parts."]);
    const notMine = await c.send([
      ["channels", "someone-elses-channel"],
      ["parts[0].text", "Not my account"],
      ["intent", "save"],
    ]);
    expect(notMine.status).toBe(422);
    expect(notMine.body.result.error[""]).toEqual(["This account is not one of yours: choose one of your connected accounts."]);
    expect(await count()).toBe(0);

    // Another user's draft: not found, in the page and the form, and left as it was.
    const other = await composer(["twitter"]);
    const theirs = postIdIn(
      (
        await other.send([
          ["channels", other.byNetwork("twitter")],
          ["parts[0].text", "Theirs"],
          ["intent", "save"],
        ])
      ).headers.get("Location"),
    );
    expect((await c.load(theirs)).status).toBe(404);
    expect(
      (
        await c.send(
          [
            ["parts[0].text", "Mine now"],
            ["intent", "save"],
          ],
          theirs,
        )
      ).status,
    ).toBe(404);
    expect(await targetsOf(theirs)).toEqual([{ network: "twitter", parts: ["Theirs"], media: [""] }]);
  });

  it("a new post refused when scheduling is kept as a draft at its own address, which says why", async () => {
    const c = await composer(["twitter"]);
    const page = await c.load();
    const answer = await c.send([
      ["channels", c.byNetwork("twitter")],
      ["parts[0].text", "x".repeat(300)],
      ["date", page.body.slot.date],
      ["time", page.body.slot.time],
      ["intent", "schedule"],
    ]);
    expect(answer.status).toBe(302);
    const postId = postIdIn(answer.headers.get("Location"));
    expect(answer.headers.get("Location")).toBe(`/compose/${postId}`);
    expect(answer.headers.get("Set-Cookie")).toBeTruthy(); // the toast that says why
    expect(await getDb().post.findUniqueOrThrow({ where: { id: postId } })).toMatchObject({ status: "draft", twitterText: "x".repeat(300) });
    // The draft's own form says it in place.
    const again = await c.send(
      [
        ["channels", c.byNetwork("twitter")],
        ["parts[0].text", "y".repeat(300)],
        ["date", page.body.slot.date],
        ["time", page.body.slot.time],
        ["intent", "schedule"],
      ],
      postId,
    );
    expect(again.status).toBe(422);
    expect(again.body.result.error[""]).toEqual(["The X text is too long (300 of 280)."]);
    expect((await getDb().post.findUniqueOrThrow({ where: { id: postId } })).twitterText).toBe("y".repeat(300));
  });

  it("images sent with the form go to the part they were dropped on; a LinkedIn first comment carries none", async () => {
    const c = await composer();
    const png = await sharp({ create: { width: 64, height: 48, channels: 3, background: { r: 10, g: 120, b: 200 } } })
      .png()
      .toBuffer();
    const form = new FormData();
    form.append("channels", c.byNetwork("linkedin"));
    form.append("channels", c.byNetwork("twitter"));
    form.append("parts[0].text", "A post");
    form.append("parts[1].text", "A reply with a picture");
    form.append("intent", "upload");
    form.append("imagePart", "1");
    form.append("image", new File([png], "blue.png", { type: "image/png" }));
    form.append("image", new File(["not an image"], "notes.png", { type: "image/png" }));
    const answer = await c.send(form);
    expect(answer.status).toBe(302);
    const postId = postIdIn(answer.headers.get("Location"));
    const media = await getDb().media.findMany({ where: { postId } });
    expect(media).toHaveLength(1);
    expect(await targetsOf(postId)).toEqual([
      { network: "linkedin", parts: ["A post", "A reply with a picture"], media: ["", ""] },
      { network: "twitter", parts: ["A post", "A reply with a picture"], media: ["", media[0]!.id] },
    ]);
    // Removing it: gone from the post and its part, the text kept.
    const removed = await c.send(
      [
        ["channels", c.byNetwork("linkedin")],
        ["channels", c.byNetwork("twitter")],
        ["parts[0].text", "A post"],
        ["parts[1].text", "A reply, no picture"],
        ["parts[1].imageIds", media[0]!.id],
        ["intent", `remove-image:${media[0]!.id}`],
      ],
      postId,
    );
    expect(removed.status).toBe(302);
    expect(await getDb().media.count({ where: { postId } })).toBe(0);
    expect((await targetsOf(postId))[1]).toEqual({ network: "twitter", parts: ["A post", "A reply, no picture"], media: ["", ""] });
  });

  it("a post whose accounts say different things opens in the per-account editor", async () => {
    const c = await composer();
    const saved = await c.send([
      ["channels", c.byNetwork("linkedin")],
      ["channels", c.byNetwork("twitter")],
      ["parts[0].text", "Shared"],
      ["intent", "save"],
    ]);
    const postId = postIdIn(saved.headers.get("Location"));
    await setPostTargets(c.user.id, postId, [
      { channelId: c.byNetwork("linkedin"), parts: [{ text: "For LinkedIn" }] },
      { channelId: c.byNetwork("twitter"), parts: [{ text: "For X" }] },
    ]);
    const page = await c.load(postId);
    expect(page.status).toBe(302);
    expect(page.headers.get("Location")).toBe(`/create/${postId}/review?editor=parts`);
  });

  it("a scheduled post is edited on the wizard's pages, where its time and status are", async () => {
    const c = await composer(["twitter"]);
    const page = await c.load();
    const scheduled = await c.send([
      ["channels", c.byNetwork("twitter")],
      ["parts[0].text", "Due later"],
      ["date", page.body.slot.date],
      ["time", page.body.slot.time],
      ["intent", "schedule"],
    ]);
    const postId = postIdIn(scheduled.headers.get("Location"));
    const opened = await c.load(postId);
    expect(opened.status).toBe(302);
    expect(opened.headers.get("Location")).toBe(`/create/${postId}/review?editor=parts`);
  });

  it("a first visit with nothing connected is offered each network ready on the server", async () => {
    const c = await composer(["twitter"]);
    expect(await networksToConnectFirst(c.user.id)).toBeNull();
    const fresh = await getDb().user.create({ data: { email: `fresh-${Date.now()}@example.com`, passwordHash: "x" } });
    const networks = (await networksToConnectFirst(fresh.id))!.map((entry) => entry.network);
    expect(networks).toEqual(expect.arrayContaining(["bluesky", "mastodon"]));
  });
});
