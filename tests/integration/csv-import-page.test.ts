import { stat } from "node:fs/promises";
import path from "node:path";
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from "vitest";
import { getEnv } from "~/core/env/env.server";
import { createSession } from "~/modules/auth/session.server";
import { getDb } from "~/modules/db/db.server";
import { bodyLimitFor, MAX_IMPORT_UPLOAD_BYTES } from "~/modules/http/body-limits";
import { MAX_UPLOADS_PER_USER, readUpload, storeUpload, UPLOAD_TTL_MS } from "~/modules/post-import/stored-uploads.server";
import * as page from "~/routes/_dashboard.posts.import";
import * as template from "~/routes/posts.import.template[.]csv";
import * as tooLarge from "~/routes/_default.request-too-large";
import { call, type Handler } from "../support/route-call";
import { connectedUser, startFakes, type Fakes } from "../support/publishing";

// The import page (/posts/import) through its route module: an upload kept on the server for its
// owner, a preview from the import's own checks, and "Import" making every post or none.

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

const URL_ = "http://localhost:3000/posts/import";

async function importer() {
  const { user } = await connectedUser(fakes, ["linkedin", "twitter"]);
  await getDb().user.update({ where: { id: user.id }, data: { timezone: "Europe/Paris" } });
  const cookie = (await createSession(user.id)).split(";")[0]!;
  const channels = await getDb().channel.findMany({ where: { userId: user.id }, orderBy: { createdAt: "asc" } });
  return {
    user,
    cookie,
    x: channels.find((c) => c.network === "twitter")!,
    upload: async (csv: string, lang = "en") => {
      const form = new FormData();
      form.append("intent", "upload");
      form.append("file", new Blob([csv], { type: "text/csv" }), "posts.csv");
      return call(page.action as Handler, { method: "POST", url: URL_, cookie, form, lang });
    },
    preview: (token: string, lang = "en", as = cookie) => call(page.loader as Handler, { url: `${URL_}?upload=${token}`, cookie: as, lang }),
    confirm: (token: string, as = cookie, lang = "en") =>
      call(page.action as Handler, { method: "POST", url: URL_, cookie: as, form: { upload: token }, lang }),
    count: () => getDb().post.count({ where: { userId: user.id } }),
  };
}

const tokenOf = (location: string | null) => new URL(location ?? "", URL_).searchParams.get("upload") ?? "";

describe("/posts/import", () => {
  it("keeps the upload for its owner only (mode 600), previews it, and imports it without a second upload", async () => {
    const c = await importer();
    const csv = ["text,channels,scheduled_at", `"Part one\n---\nPart two",@${c.x.handle},2027-06-10 09:30`, "A draft,,draft"].join("\n");
    const uploaded = await c.upload(csv);
    expect(uploaded.status).toBe(302);
    const token = tokenOf(uploaded.headers.get("Location"));
    const file = path.join(getEnv().DATA_DIR, "imports", c.user.id, `${token}.csv`);
    expect((await stat(file)).mode & 0o777).toBe(0o600);
    expect(await c.count()).toBe(0);

    const preview = await c.preview(token);
    expect(preview.body.preview.problems).toEqual([]);
    expect(preview.body.preview.rows).toEqual([
      expect.objectContaining({ line: 2, parts: 2, excerpt: "Part one", when: { kind: "at", at: "2027-06-10T07:30:00.000Z" } }),
      expect.objectContaining({ line: 5, parts: 1, excerpt: "A draft", when: { kind: "draft" } }),
    ]);
    expect(preview.body.preview.rows[0].accounts).toEqual([{ network: "twitter", label: `X @${c.x.handle}` }]);

    // Someone else's session cannot see it, nor import it.
    const other = await importer();
    const theirs = await c.preview(token, "en", other.cookie);
    expect(theirs.body).toMatchObject({ expired: true, preview: null });
    const stolen = await c.confirm(token, other.cookie);
    expect(stolen.status).toBe(302);
    expect(await other.count()).toBe(0);
    expect(await c.count()).toBe(0);

    const imported = await c.confirm(token);
    expect(imported.status).toBe(302);
    expect(imported.headers.get("Location")).toBe("/posts");
    expect(imported.headers.get("Set-Cookie")).toContain("plume_toast");
    expect(await c.count()).toBe(2);
    // Done with, the upload is gone: the same confirmation again makes nothing more.
    await expect(stat(file)).rejects.toThrow();
    expect((await c.confirm(token)).status).toBe(302);
    expect(await c.count()).toBe(2);
  });

  it("lists every bad row by line in the user's language, and imports nothing", async () => {
    const c = await importer();
    const csv = ["text,channels,scheduled_at", "Fine,,draft", ",,draft", "Fine too,,draft", "Bad time,,demain"].join("\n");
    const token = tokenOf((await c.upload(csv, "fr")).headers.get("Location"));
    const preview = await c.preview(token, "fr");
    expect(preview.body.preview.problems).toEqual([
      { line: 3, message: "Le texte est vide." },
      { line: 5, message: expect.stringContaining("« demain »") },
    ]);
    expect(preview.body.preview.rows.map((row: { line: number }) => row.line)).toEqual([2, 4]);
    const refused = await c.confirm(token, c.cookie, "fr");
    expect(refused.status).toBe(422);
    expect(refused.body.result.error[""]).toEqual(["Ligne 3 : Le texte est vide.", expect.stringMatching(/^Ligne 5 : /)]);
    expect(await c.count()).toBe(0);
  });

  it("forgets an upload after an hour, and keeps a few per user", async () => {
    const c = await importer();
    const token = await storeUpload(c.user.id, "text\nHello\n");
    vi.setSystemTime(new Date(NOW.getTime() + UPLOAD_TTL_MS - 1000));
    expect(await readUpload(c.user.id, token)).toBe("text\nHello\n");
    vi.setSystemTime(new Date(NOW.getTime() + UPLOAD_TTL_MS));
    const expired = await c.preview(token);
    expect(expired.body).toMatchObject({ expired: true, preview: null });
    expect((await c.confirm(token)).status).toBe(302);
    expect(await c.count()).toBe(0);

    const tokens = [];
    for (let i = 0; i <= MAX_UPLOADS_PER_USER; i++) tokens.push(await storeUpload(c.user.id, `text\nPost ${i}\n`, NOW.getTime() + UPLOAD_TTL_MS + i));
    const kept = await Promise.all(tokens.map((token) => readUpload(c.user.id, token, NOW.getTime() + UPLOAD_TTL_MS + 10)));
    expect(kept.map((text) => text !== null)).toEqual([false, ...Array.from({ length: MAX_UPLOADS_PER_USER }, () => true)]);
  });

  it("refuses a file that is not UTF-8, one of over 500 rows, and a missing file, in the form, keeping nothing", async () => {
    const c = await importer();
    const many = ["text,scheduled_at", ...Array.from({ length: 501 }, (_, i) => `Post ${i},draft`)].join("\n");
    const tooMany = await c.upload(many, "fr");
    expect(tooMany.status).toBe(413);
    expect(tooMany.body.intent).toBe("upload");
    expect(tooMany.body.result.error[""][0]).toContain("500");
    const form = new FormData();
    form.append("file", new Blob([new Uint8Array([0xff, 0xfe, 0x41])], { type: "text/csv" }), "latin1.csv");
    const latin = await call(page.action as Handler, { method: "POST", url: URL_, cookie: c.cookie, form });
    expect(latin.status).toBe(422);
    expect(latin.body.result.error[""]).toEqual([expect.stringContaining("UTF-8")]);
    const none = new FormData();
    none.append("intent", "upload");
    expect((await call(page.action as Handler, { method: "POST", url: URL_, cookie: c.cookie, form: none })).status).toBe(422);
    expect(await c.count()).toBe(0);
    // The web server holds this page's upload to the import's limit, as the API's.
    expect(bodyLimitFor("/posts/import", "multipart/form-data; boundary=x")).toEqual({ kind: "import", bytes: MAX_IMPORT_UPLOAD_BYTES });
    expect(bodyLimitFor("/posts/import.data", "multipart/form-data; boundary=x").kind).toBe("import");
    // Its refusal is the site's 413 page, with the import's own message (error-page.tsx reads the reason).
    const refused = await call(tooLarge.action as Handler, { method: "POST", url: "http://localhost:3000/request-too-large?kind=import" });
    expect(refused).toMatchObject({ status: 413, body: { reason: "import_too_large" } });
  });

  it("serves a template in the user's language that imports as it is (with a queue)", async () => {
    const c = await importer();
    const slots = [1, 2, 3, 4, 5, 6, 7].map((weekday) => ({ userId: c.user.id, workspaceId: c.user.id, channelId: null, weekday, time: "09:00" }));
    await getDb().queueSlot.createMany({ data: slots });
    const answer = await template.loader({
      request: new Request("http://localhost:3000/posts/import/template.csv", { headers: { Cookie: c.cookie, "Accept-Language": "fr" } }),
      params: {},
      context: { cspNonce: "", clientIp: "192.0.2.71" },
    });
    expect(answer.headers.get("Content-Disposition")).toContain("plume-import-template.csv");
    const bytes = new Uint8Array(await answer.arrayBuffer());
    // A byte-order mark first, for spreadsheet programs.
    expect([...bytes.slice(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
    const text = new TextDecoder().decode(bytes);
    expect(text.split("\r\n")[0]).toBe("text,channels,scheduled_at");
    expect(text).toContain("La première partie d’un fil.\n---\n");
    const token = tokenOf((await c.upload(text)).headers.get("Location"));
    const preview = await c.preview(token);
    expect(preview.body.preview.problems).toEqual([]);
    expect(preview.body.preview.rows.map((row: { when: { kind: string } }) => row.when.kind)).toEqual(["draft", "at", "queue"]);
    expect((await c.confirm(token)).status).toBe(302);
    expect(await c.count()).toBe(3);
  });
});
