import type { ActionFunctionArgs } from "@remix-run/node";
import { afterEach, describe, expect, it, vi } from "vitest";
import { createSession } from "~/modules/auth/session.server";
import { getDb } from "~/modules/db/db.server";
import { EXPORT_BATCH_SIZE } from "~/modules/posts/csv-export.server";
import * as exportRoute from "~/routes/api.posts.export[.]csv";
import { uniqueEmail } from "./helpers";

// GET /api/posts/export.csv through its route module: the caller's posts only, as a file a
// spreadsheet (and a later CSV import) reads back exactly.

const HEADER = [
  "text",
  "channels",
  "scheduled_at",
  "status",
  "published_at",
  "links",
  "id",
  "created_at",
  "likes",
  "reposts",
  "replies",
  "quotes",
  "impressions",
  "metrics_fetched_at",
] as const;
type Row = Record<(typeof HEADER)[number], string>;

afterEach(() => {
  vi.useRealTimers();
  vi.restoreAllMocks();
});

async function download(query = "", cookie?: string) {
  const headers = new Headers(cookie ? { Cookie: cookie } : {});
  const request = new Request(`http://localhost:3000/api/posts/export.csv${query}`, { headers });
  const args = { request, params: {}, context: { cspNonce: "", clientIp: "192.0.2.67" } } as unknown as ActionFunctionArgs;
  const response = await exportRoute.loader(args);
  // Decoded keeping the byte-order mark (Response.text() drops it).
  return { response, text: new TextDecoder("utf-8", { ignoreBOM: true }).decode(await response.arrayBuffer()) };
}

/** RFC 4180, read independently of the writer: quoted fields, doubled quotes, CRLF records. */
function parseCsv(text: string): string[][] {
  const rows: string[][] = [];
  let row: string[] = [];
  let field = "";
  let quoted = false;
  for (let i = 0; i < text.length; i += 1) {
    const c = text[i]!;
    if (quoted && c === '"' && text[i + 1] === '"') {
      field += '"';
      i += 1;
    } else if (c === '"') {
      quoted = !quoted;
    } else if (!quoted && c === ",") {
      row.push(field);
      field = "";
    } else if (!quoted && c === "\r" && text[i + 1] === "\n") {
      rows.push([...row, field]);
      row = [];
      field = "";
      i += 1;
    } else {
      field += c;
    }
  }
  if (field !== "" || row.length > 0) rows.push([...row, field]);
  return rows;
}

/** The file's rows as objects by column, the byte-order mark and header checked. */
function records(text: string): Row[] {
  expect(text.startsWith("\uFEFF")).toBe(true);
  const [header, ...rows] = parseCsv(text.slice(1));
  expect(header).toEqual([...HEADER]);
  return rows.map((cells) => Object.fromEntries(HEADER.map((name, i) => [name, cells[i]!])) as Row);
}

async function userWithChannels(timezone = "Europe/Paris") {
  const db = getDb();
  const user = await db.user.create({ data: { email: uniqueEmail("csv"), passwordHash: "x", timezone } });
  const cookie = (await createSession(user.id)).split(";")[0]!;
  const x = await db.channel.create({
    data: { userId: user.id, workspaceId: user.id, network: "twitter", providerUserId: `x-${user.id}`, displayName: "Ada", handle: "ada" },
  });
  const linkedin = await db.channel.create({
    data: { userId: user.id, workspaceId: user.id, network: "linkedin", providerUserId: `li-${user.id}`, displayName: "Ada Lovelace", handle: null },
  });
  return { user, cookie, x, linkedin };
}

type PartSeed = { text: string; status?: string; url?: string; metrics?: { likes: number | null; impressions: number | null; at: Date } };

async function post(
  userId: string,
  data: {
    status?: string;
    createdAt?: Date;
    scheduledAt?: Date;
    publishedAt?: Date;
    targets?: { channelId: string | null; network: string; parts: PartSeed[] }[];
  },
) {
  const { targets = [], ...fields } = data;
  return getDb().post.create({
    data: {
      userId,
      workspaceId: userId,
      ...fields,
      targets: {
        create: targets.map((target, position) => ({
          channelId: target.channelId,
          network: target.network,
          position,
          parts: {
            create: target.parts.map((part, p) => ({
              position: p,
              text: part.text,
              status: part.status ?? "pending",
              url: part.url ?? null,
              ...(part.metrics ? { likes: part.metrics.likes, impressions: part.metrics.impressions, metricsFetchedAt: part.metrics.at } : {}),
            })),
          },
        })),
      },
    },
  });
}

describe("GET /api/posts/export.csv", () => {
  it("answers 401 without a session, and nothing about anyone's posts", async () => {
    const { response, text } = await download();
    expect(response.status).toBe(401);
    expect(JSON.parse(text)).toMatchObject({ error: { code: "unauthorized" } });
  });

  it("is a CSV attachment named after the user's day, holding only the caller's posts, newest first", async () => {
    vi.useFakeTimers({ toFake: ["Date"] });
    vi.setSystemTime(new Date("2026-11-30T23:30:00Z")); // already 1 December in Paris
    const ada = await userWithChannels();
    const other = await userWithChannels();
    const older = await post(ada.user.id, {
      createdAt: new Date("2026-11-01T10:00:00Z"),
      targets: [{ channelId: ada.x.id, network: "twitter", parts: [{ text: "Older" }] }],
    });
    const newer = await post(ada.user.id, {
      createdAt: new Date("2026-11-02T10:00:00Z"),
      targets: [{ channelId: ada.x.id, network: "twitter", parts: [{ text: "Newer" }] }],
    });
    await post(other.user.id, { targets: [{ channelId: other.x.id, network: "twitter", parts: [{ text: "Someone else's" }] }] });

    const { response, text } = await download("", ada.cookie);
    expect(response.status).toBe(200);
    expect(response.headers.get("Content-Type")).toBe("text/csv; charset=utf-8");
    expect(response.headers.get("Content-Disposition")).toBe('attachment; filename="plume-posts-2026-12-01.csv"');
    expect(response.headers.get("Cache-Control")).toBe("no-store");
    expect(text).not.toContain("Someone else's");
    const rows = records(text);
    expect(rows.map((row) => [row.id, row.text])).toEqual([
      [newer.id, "Newer"],
      [older.id, "Older"],
    ]);
    expect(rows[0]).toMatchObject({ status: "draft", scheduled_at: "", published_at: "", links: "", created_at: "2026-11-02T11:00:00+01:00" });
    // Records end with CRLF, the last one too.
    expect(text.endsWith("\r\n")).toBe(true);
  });

  it("keeps to the filter asked for (pending: scheduled and publishing), and refuses an unknown one", async () => {
    const ada = await userWithChannels();
    const seed = (status: string) => post(ada.user.id, { status, targets: [{ channelId: ada.x.id, network: "twitter", parts: [{ text: status }] }] });
    for (const status of ["draft", "scheduled", "publishing", "published", "failed"]) await seed(status);

    const statuses = async (query: string) =>
      records((await download(query, ada.cookie)).text)
        .map((row) => row.status)
        .sort();
    expect(await statuses("")).toEqual(["draft", "failed", "published", "publishing", "scheduled"]);
    expect(await statuses("?status=all")).toEqual(["draft", "failed", "published", "publishing", "scheduled"]);
    expect(await statuses("?status=pending")).toEqual(["publishing", "scheduled"]);
    expect(await statuses("?status=draft")).toEqual(["draft"]);
    expect(await statuses("?status=published")).toEqual(["published"]);
    expect(await statuses("?status=failed")).toEqual(["failed"]);

    const refused = await download("?status=sent", ada.cookie);
    expect(refused.response.status).toBe(422);
    expect(JSON.parse(refused.text)).toMatchObject({ error: { code: "validation_failed", fields: { status: expect.stringContaining("published") } } });
  });

  it("writes a thread's parts joined by a --- line, every account, and the published parts' links", async () => {
    const ada = await userWithChannels();
    const published = new Date("2026-11-10T08:00:00Z");
    await post(ada.user.id, {
      status: "published",
      publishedAt: published,
      targets: [
        {
          channelId: ada.x.id,
          network: "twitter",
          parts: [
            { text: "One", status: "published", url: "https://x.com/ada/status/1" },
            { text: "Two", status: "published", url: "https://x.com/ada/status/2" },
          ],
        },
        {
          channelId: ada.linkedin.id,
          network: "linkedin",
          parts: [{ text: "One and two", status: "published", url: "https://www.linkedin.com/feed/update/urn:li:share:3" }],
        },
        // A channel removed since: it names no account, and its part never went out.
        { channelId: null, network: "bluesky", parts: [{ text: "One", status: "failed" }] },
      ],
    });
    const [row] = records((await download("", ada.cookie)).text);
    expect(row!.text).toBe("One\n\n---\n\nTwo");
    expect(row!.text.split("\n")).toContain("---");
    expect(row!.channels).toBe("'@ada|Ada Lovelace"); // starts with @: neutralised like any such cell
    expect(row!.links).toBe("https://x.com/ada/status/1|https://x.com/ada/status/2|https://www.linkedin.com/feed/update/urn:li:share:3");
    expect(row!.published_at).toBe("2026-11-10T09:00:00+01:00");
  });

  it("writes the post's numbers summed over its accounts and parts, empty where no part has one (never 0), with their time", async () => {
    const ada = await userWithChannels();
    const fetched = new Date("2026-11-12T10:00:00Z");
    const earlier = new Date("2026-11-12T09:00:00Z");
    await post(ada.user.id, {
      status: "published",
      publishedAt: new Date("2026-11-10T08:00:00Z"),
      targets: [
        {
          channelId: ada.x.id,
          network: "twitter",
          parts: [
            { text: "One", status: "published", metrics: { likes: 5, impressions: 100, at: earlier } },
            { text: "Two", status: "published", metrics: { likes: 2, impressions: 40, at: fetched } },
          ],
        },
        // A LinkedIn member's post: the network gives no number.
        {
          channelId: ada.linkedin.id,
          network: "linkedin",
          parts: [{ text: "One and two", status: "published", metrics: { likes: null, impressions: null, at: fetched } }],
        },
      ],
    });
    await post(ada.user.id, { status: "draft", createdAt: new Date("2026-11-01T08:00:00Z") });
    const [published, draft] = records((await download("", ada.cookie)).text);
    expect(published).toMatchObject({ likes: "7", impressions: "140", reposts: "", replies: "", quotes: "", metrics_fetched_at: "2026-11-12T11:00:00+01:00" });
    expect(draft).toMatchObject({ likes: "", reposts: "", replies: "", quotes: "", impressions: "", metrics_fetched_at: "" });
  });

  it("quotes commas, quotes and line breaks as RFC 4180 says", async () => {
    const ada = await userWithChannels();
    await post(ada.user.id, {
      targets: [{ channelId: ada.linkedin.id, network: "linkedin", parts: [{ text: 'Hello, "world"\nsecond line' }, { text: "plain" }] }],
    });
    const { text } = await download("", ada.cookie);
    expect(text).toContain('"Hello, ""world""\nsecond line\n\n---\n\nplain",Ada Lovelace,,draft,');
    expect(records(text)[0]!.text).toBe('Hello, "world"\nsecond line\n\n---\n\nplain');
  });

  it("neutralises cells a spreadsheet would read as a formula (=, +, -, @)", async () => {
    const ada = await userWithChannels();
    const created = (minute: number) => new Date(Date.UTC(2026, 10, 20, 10, minute));
    const texts = ['=HYPERLINK("https://evil.example")', "+1+1", "-1+1", "@SUM(A1)", "fine = ok"];
    for (const [i, text] of texts.entries()) {
      await post(ada.user.id, { createdAt: created(i), targets: [{ channelId: ada.linkedin.id, network: "linkedin", parts: [{ text }] }] });
    }
    const rows = records((await download("", ada.cookie)).text).reverse();
    expect(rows.map((row) => row.text)).toEqual(['\'=HYPERLINK("https://evil.example")', "'+1+1", "'-1+1", "'@SUM(A1)", "fine = ok"]);
  });

  it("writes times with the user's offset at each instant, right across a DST change", async () => {
    const ada = await userWithChannels("Europe/Paris");
    const ny = await userWithChannels("America/New_York");
    // Paris leaves summer time on 25 October 2026, New York on 1 November 2026: 09:00 local each day.
    for (const at of ["2026-10-24T07:00:00Z", "2026-10-26T08:00:00Z"]) {
      await post(ada.user.id, {
        status: "scheduled",
        scheduledAt: new Date(at),
        createdAt: new Date(at),
        targets: [{ channelId: ada.x.id, network: "twitter", parts: [{ text: at }] }],
      });
    }
    for (const at of ["2026-10-31T13:00:00Z", "2026-11-02T14:00:00Z"]) {
      await post(ny.user.id, {
        status: "scheduled",
        scheduledAt: new Date(at),
        createdAt: new Date(at),
        targets: [{ channelId: ny.x.id, network: "twitter", parts: [{ text: at }] }],
      });
    }
    const paris = records((await download("?status=pending", ada.cookie)).text);
    expect(paris.map((row) => row.scheduled_at)).toEqual(["2026-10-26T09:00:00+01:00", "2026-10-24T09:00:00+02:00"]);
    const newYork = records((await download("?status=pending", ny.cookie)).text);
    expect(newYork.map((row) => row.scheduled_at)).toEqual(["2026-11-02T09:00:00-05:00", "2026-10-31T09:00:00-04:00"]);
  });

  it("reads the posts a batch at a time: past several batches, every post once, newest first", async () => {
    const ada = await userWithChannels("UTC");
    const total = EXPORT_BATCH_SIZE * 2 + 7;
    // Few distinct times, so batches end in the middle of posts created at the same instant.
    const data = Array.from({ length: total }, (_, i) => ({
      userId: ada.user.id,
      workspaceId: ada.user.id,
      linkedinText: `Post ${i}`,
      createdAt: new Date(Date.UTC(2026, 0, 1 + (i % 3))),
    }));
    await getDb().post.createMany({ data });
    const expected = await getDb().post.findMany({
      where: { userId: ada.user.id, workspaceId: ada.user.id },
      orderBy: [{ createdAt: "desc" }, { id: "desc" }],
      select: { id: true },
    });
    const findMany = vi.spyOn(getDb().post, "findMany");
    const rows = records((await download("", ada.cookie)).text);
    const takes = findMany.mock.calls.map(([query]) => query?.take);
    findMany.mockRestore();
    expect(takes).toEqual([EXPORT_BATCH_SIZE, EXPORT_BATCH_SIZE, EXPORT_BATCH_SIZE]);
    expect(rows).toHaveLength(total);
    expect(rows.map((row) => row.id)).toEqual(expected.map((p) => p.id));
  });
});
