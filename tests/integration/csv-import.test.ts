import type { ActionFunctionArgs } from "@remix-run/node";
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from "vitest";
import { createSession } from "~/modules/auth/session.server";
import { getDb } from "~/modules/db/db.server";
import { createPostWithTargets, schedulePost } from "~/modules/posts/post.server";
import * as exportRoute from "~/routes/api.posts.export[.]csv";
import * as importRoute from "~/routes/api.posts.import";
import * as tooLargeRoute from "~/routes/api.request-too-large";
import { call, type Handler } from "../support/route-call";
import { connectedUser, startFakes, type Fakes } from "../support/publishing";

// POST /api/posts/import through its route module: a CSV file's posts made all together, or a 422
// naming every row at fault by its line in the file, and nothing made.

let fakes: Fakes;
beforeAll(async () => {
  fakes = await startFakes();
});
afterAll(async () => {
  await fakes.close();
});

// Friday 4 June 2027, 14:00 in Paris.
const NOW = new Date("2027-06-04T12:00:00Z");
beforeEach(() => {
  vi.useFakeTimers({ toFake: ["Date"] });
  vi.setSystemTime(NOW);
});
afterEach(() => vi.useRealTimers());

async function importer(options: { queue?: boolean } = {}) {
  const { user } = await connectedUser(fakes, ["linkedin", "twitter"]);
  await getDb().user.update({ where: { id: user.id }, data: { timezone: "Europe/Paris" } });
  const cookie = (await createSession(user.id)).split(";")[0]!;
  const channels = await getDb().channel.findMany({ where: { userId: user.id }, orderBy: { createdAt: "asc" } });
  const channel = (network: string) => channels.find((c) => c.network === network)!;
  if (options.queue) {
    // Every day at 09:00 and 18:00 (Paris), for every account.
    const slots = [1, 2, 3, 4, 5, 6, 7].flatMap((weekday) =>
      ["09:00", "18:00"].map((time) => ({ userId: user.id, workspaceId: user.id, channelId: null, weekday, time })),
    );
    await getDb().queueSlot.createMany({ data: slots });
  }
  return {
    user,
    cookie,
    channel,
    send: (csv: string | Uint8Array<ArrayBuffer>, as: string | undefined = cookie, lang = "en") => {
      const form = new FormData();
      form.append("file", new Blob([csv], { type: "text/csv" }), "posts.csv");
      return call(importRoute.action as Handler, { method: "POST", url: "http://localhost:3000/api/posts/import", cookie: as, form, lang });
    },
    count: () => getDb().post.count({ where: { userId: user.id, workspaceId: user.id } }),
  };
}

const partsOf = (post: { targets: { parts: { text: string }[] }[] }) => post.targets.map((target) => target.parts.map((part) => part.text));

describe("POST /api/posts/import", () => {
  it("imports a thread, a draft, a local time, an ISO time and two queued posts, in file order", async () => {
    const c = await importer({ queue: true });
    const x = c.channel("twitter");
    const linkedin = c.channel("linkedin");
    const csv = [
      "scheduled_at,channels,text",
      `2027-06-10 09:30,@${x.handle},"First part\n---\nSecond, with a comma"`,
      `draft,${linkedin.id},Just a draft`,
      `2027-06-11T08:00:00+02:00,${x.id}|${linkedin.id},At an exact instant`,
      `,${x.id},Queued one`,
      `,${x.id},Queued two`,
    ].join("\r\n");
    const answer = await c.send(csv);
    expect(answer.status).toBe(201);
    expect(answer.body.data.created).toBe(5);
    const [thread, draft, iso, q1, q2] = answer.body.data.posts;
    expect(partsOf(thread)).toEqual([["First part", "Second, with a comma"]]);
    expect(thread.status).toBe("scheduled");
    // 09:30 in Paris in June is 07:30 UTC.
    expect(thread.scheduledAt).toBe("2027-06-10T07:30:00.000Z");
    expect(draft.status).toBe("draft");
    expect(draft.scheduledAt).toBeNull();
    expect(iso.scheduledAt).toBe("2027-06-11T06:00:00.000Z");
    expect(iso.targets.map((t: { channelId: string }) => t.channelId)).toEqual([x.id, linkedin.id]);
    // The queue's next free slots in file order: today 18:00 Paris, then tomorrow 09:00.
    expect([q1.status, q2.status]).toEqual(["scheduled", "scheduled"]);
    expect(q1.scheduledAt).toBe("2027-06-04T16:00:00.000Z");
    expect(q2.scheduledAt).toBe("2027-06-05T07:00:00.000Z");
    expect(await c.count()).toBe(5);
  });

  it("reads quoted commas, quotes and line breaks, with an empty channels cell meaning every active account", async () => {
    const c = await importer();
    const csv = 'text,scheduled_at\n"He said ""hi"", then\nleft",draft\n';
    const answer = await c.send(csv);
    expect(answer.status).toBe(201);
    const [post] = answer.body.data.posts;
    expect(partsOf(post)).toEqual([['He said "hi", then\nleft'], ['He said "hi", then\nleft']]);
  });

  it("names every bad row by its own line in the file (quoted line breaks counted) and makes nothing", async () => {
    const c = await importer();
    const other = await importer();
    const csv = [
      "text,channels,scheduled_at", // line 1
      '"A good row\nover two lines",,draft', // lines 2-3
      ",,draft", // line 4: no text
      `"Another\n\nlong one",${other.channel("twitter").id},draft`, // lines 5-7: someone else's channel
      "Fine,@nobody-here,draft", // line 8: unknown handle
      "Past,,2027-06-01 10:00", // line 9: in the past
      "Gap,,2028-03-26 02:30", // line 10: does not exist in Paris
      "Queued,,", // line 11: no queue
      `${"x".repeat(300)},${c.channel("twitter").id},2027-06-10 10:00`, // line 12: over X's limit
      "Bad time,,tomorrow", // line 13
    ].join("\n");
    const answer = await c.send(csv);
    expect(answer.status).toBe(422);
    expect(answer.body.error.code).toBe("validation_failed");
    const rows: { line: number; message: string }[] = answer.body.error.rows;
    expect(rows.map((row) => row.line)).toEqual([4, 5, 8, 9, 10, 11, 12, 13]);
    expect(rows[0]!.message).toBe("The text is empty.");
    expect(rows[1]!.message).toBe(`“${other.channel("twitter").id}” is none of your accounts.`);
    expect(rows[2]!.message).toBe("“@nobody-here” is none of your accounts.");
    expect(rows[3]!.message).toBe("“2027-06-01 10:00” is in the past.");
    expect(rows[4]!.message).toContain("does not exist in Europe/Paris");
    expect(rows[5]!.message).toContain("your queue has no time slots");
    expect(rows[6]!.message).toMatch(/280/);
    expect(rows[7]!.message).toContain("“tomorrow” is not a time");
    expect(await c.count()).toBe(0);
    expect(await other.count()).toBe(0);
  });

  it("makes nothing when a later row fails while being made (no free queue slot)", async () => {
    const c = await importer();
    // The queue has slots, but only for the LinkedIn account: a row queued for X finds none free.
    await getDb().queueSlot.create({ data: { userId: c.user.id, workspaceId: c.user.id, channelId: c.channel("linkedin").id, weekday: 1, time: "09:00" } });
    const x = c.channel("twitter").id;
    const csv = ["text,channels,scheduled_at", "A draft,,draft", `Scheduled,${x},2027-06-10 09:30`, `Queued,${x},`].join("\n");
    const answer = await c.send(csv);
    expect(answer.status).toBe(422);
    expect(answer.body.error.rows).toEqual([{ line: 4, message: "No queue slot is free for every account of this post in the next 53 weeks." }]);
    expect(await c.count()).toBe(0);
    expect(await getDb().delivery.count({ where: { post: { userId: c.user.id } } })).toBe(0);
  });

  it("answers the rows in the user's language", async () => {
    const c = await importer();
    const answer = await c.send("text\n\n", c.cookie, "fr");
    expect(answer.status).toBe(422);
    expect(answer.body.error.rows).toEqual([{ line: 1, message: "Le fichier a un en-tête mais aucune publication." }]);
  });

  it("refuses an unknown column by name, and a file without a text column", async () => {
    const c = await importer();
    const unknown = await c.send("text,when,Tags\nHello,,\n");
    expect(unknown.status).toBe(422);
    expect(unknown.body.error.rows).toEqual([{ line: 1, message: expect.stringContaining("Columns Plume does not read: when, tags.") }]);
    const noText = await c.send("channels,scheduled_at\n,draft\n");
    expect(noText.body.error.rows).toEqual([{ line: 1, message: "The header has no “text” column." }]);
    expect(await c.count()).toBe(0);
  });

  it("takes a file starting with a byte-order mark", async () => {
    const c = await importer();
    const answer = await c.send("\uFEFFtext,scheduled_at\r\nWith a BOM,draft\r\n");
    expect(answer.status).toBe(201);
    expect(partsOf(answer.body.data.posts[0])[0]).toEqual(["With a BOM"]);
  });

  it("refuses more than 500 rows and more than 1 MB, before making anything", async () => {
    const c = await importer();
    const many = ["text,scheduled_at", ...Array.from({ length: 501 }, (_, i) => `Post ${i},draft`)].join("\n");
    const tooMany = await c.send(many);
    expect(tooMany.status).toBe(413);
    expect(tooMany.body.error.message).toContain("at most 500 posts");
    const big = `text\n"${"a".repeat(1024 * 1024)}"\n`;
    const tooBig = await c.send(big, c.cookie, "fr");
    expect(tooBig.status).toBe(413);
    expect(tooBig.body.error.code).toBe("payload_too_large");
    expect(tooBig.body.error.message).toContain("1 Mo");
    // Larger still, the web server refuses it before the app reads it, with the same words.
    const refused = await call(tooLargeRoute.action as Handler, { method: "POST", url: "http://localhost:3000/api/request-too-large?kind=import", lang: "fr" });
    expect(refused.status).toBe(413);
    expect(refused.body.error.message).toBe(tooBig.body.error.message);
    expect(await c.count()).toBe(0);
  });

  it("refuses a channel name that fits several accounts", async () => {
    const c = await importer();
    await getDb().channel.updateMany({ where: { userId: c.user.id }, data: { handle: null, displayName: "Same Name" } });
    const answer = await c.send("text,channels,scheduled_at\nHello,Same Name,draft\n");
    expect(answer.status).toBe(422);
    expect(answer.body.error.rows).toEqual([{ line: 2, message: "“Same Name” names several of your accounts: use its id instead." }]);
  });

  it("is a 401 without a session, and a 422 without a file", async () => {
    const c = await importer();
    const anonymous = await c.send("text\nHello\n", "");
    expect(anonymous.status).toBe(401);
    expect(anonymous.body.error.code).toBe("unauthorized");
    const none = await call(importRoute.action as Handler, {
      method: "POST",
      url: "http://localhost:3000/api/posts/import",
      cookie: c.cookie,
      form: new FormData(),
    });
    expect(none.status).toBe(422);
    expect(none.body.error.fields.file).toBeTruthy();
    expect(await c.count()).toBe(0);
  });

  it("imports back a file made by the export", async () => {
    const c = await importer();
    const x = c.channel("twitter");
    const linkedin = c.channel("linkedin");
    await createPostWithTargets(c.user.id, [{ channelId: linkedin.id, parts: [{ text: "- a list\n- of things" }] }]);
    const thread = await createPostWithTargets(c.user.id, [
      { channelId: x.id, parts: [{ text: "=1+1 is not a formula" }, { text: "'quoted' and, commas" }] },
      { channelId: linkedin.id, parts: [{ text: "=1+1 is not a formula" }, { text: "'quoted' and, commas" }] },
    ]);
    await schedulePost(c.user.id, thread.id, new Date("2027-06-20T08:00:00Z"));
    const request = new Request("http://localhost:3000/api/posts/export.csv?status=all", { headers: { Cookie: c.cookie } });
    const exported = await exportRoute.loader({ request, params: {}, context: { cspNonce: "", clientIp: "192.0.2.68" } } as unknown as ActionFunctionArgs);
    const bytes = new Uint8Array(await exported.arrayBuffer());
    const answer = await c.send(bytes);
    expect(answer.status).toBe(201);
    const posts = answer.body.data.posts as { status: string; scheduledAt: string | null; targets: { channelId: string; parts: { text: string }[] }[] }[];
    const copy = posts.find((post) => post.status === "scheduled")!;
    expect(copy.scheduledAt).toBe("2027-06-20T08:00:00.000Z");
    expect(copy.targets.map((t) => t.channelId)).toEqual([x.id, linkedin.id]);
    expect(partsOf(copy)).toEqual([
      ["=1+1 is not a formula", "'quoted' and, commas"],
      ["=1+1 is not a formula", "'quoted' and, commas"],
    ]);
    const draft = posts.find((post) => post.status === "draft")!;
    expect(partsOf(draft)).toEqual([["- a list\n- of things"]]);
    expect(draft.targets.map((t) => t.channelId)).toEqual([linkedin.id]);
    expect(await c.count()).toBe(4);
  });
});
