// The cross-workspace walk (issue 30, decision 84), on SQLite and PostgreSQL: every route module of
// the app and the API, loader and action, every method and every intent its source names, is called
// by Mallory, who belongs to another workspace, with the ids of what Acme holds (its post, channel,
// image, webhook, event, token, slot, the workspace itself), and on the API also with Acme named in
// the Plume-Workspace header. No answer may carry anything of Acme, nothing may crash, and Acme must
// be exactly as it was afterwards.
import { readFileSync } from "node:fs";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createApiToken } from "~/modules/api-tokens/api-tokens.server";
import { createSession } from "~/modules/auth/session.server";
import { loadAllContent } from "~/modules/content/content.server";
import { getDb } from "~/modules/db/db.server";
import { createWebhook } from "~/modules/webhooks/webhooks.server";
import { createWorkspace } from "~/modules/workspaces/workspaces.server";
import { makeUser } from "../support/admin";
import { connectedUser, startFakes, type Fakes } from "../support/publishing";
import { call, type Answer, type Handler } from "../support/route-call";
import { uniqueEmail } from "./helpers";

const BASE = "http://localhost:3000";
const SECRET = "ACME-SECRET";
const routes = import.meta.glob<{ loader?: Handler; action?: Handler }>("../../app/routes/*.{ts,tsx}");

let fakes: Fakes;
beforeAll(async () => {
  fakes = await startFakes();
  // The public pages read the site's content, which the server loads as it starts.
  await loadAllContent();
});
afterAll(async () => {
  await fakes.close();
});

/** Acme, with one of everything a workspace holds, each named with the secret; Mallory, who is not a member. */
async function acmeAndMallory() {
  const { user: alice } = await connectedUser(fakes, ["linkedin"]);
  const acme = await createWorkspace(alice.id, `${SECRET} workspace`);
  await getDb().channel.updateMany({ where: { userId: alice.id }, data: { workspaceId: acme.id, displayName: `${SECRET} channel`, handle: "acme-secret" } });
  const channel = await getDb().channel.findFirstOrThrow({ where: { workspaceId: acme.id } });
  const actor = { userId: alice.id, workspaceId: acme.id, role: "owner" } as const;
  const post = await getDb().post.create({
    data: {
      userId: alice.id,
      workspaceId: acme.id,
      platforms: "linkedin",
      linkedinText: `${SECRET} post`,
      targets: { create: { channelId: channel.id, network: "linkedin", position: 0, parts: { create: { position: 0, text: `${SECRET} post` } } } },
    },
  });
  const image = await getDb().media.create({
    data: { userId: alice.id, postId: post.id, mimeType: "image/png", size: 10, altText: `${SECRET} alt`, storageKey: `walk/${post.id}.png` },
  });
  const webhook = await createWebhook(actor, { url: "https://acme-secret.example.com/hook", events: ["post.published"] });
  const event = await getDb().webhookEvent.create({
    data: { id: `evt_${post.id.slice(-12)}`, userId: alice.id, workspaceId: acme.id, type: "post.published", subject: post.id },
  });
  const token = await createApiToken(actor, { name: `${SECRET} token`, scopes: ["posts:read"] });
  const slot = await getDb().queueSlot.create({ data: { userId: alice.id, workspaceId: acme.id, weekday: 1, time: "09:00" } });
  const notice = await getDb().notification.create({ data: { userId: alice.id, postId: post.id, kind: "post_failed", message: `${SECRET} notice` } });
  const invitation = await getDb().workspaceInvitation.create({
    data: {
      workspaceId: acme.id,
      email: "acme-secret-invitee@example.com",
      role: "editor",
      tokenHash: `walk-${post.id}`,
      invitedById: alice.id,
      expiresAt: new Date(Date.now() + 86_400_000),
    },
  });
  const mallory = await makeUser(uniqueEmail("walker"));
  const ids = {
    postId: post.id,
    channelId: channel.id,
    imageId: image.id,
    webhookId: webhook.id,
    eventId: event.id,
    tokenId: token.id,
    slotId: slot.id,
    workspaceId: acme.id,
    noticeId: notice.id,
    invitationId: invitation.id,
    userId: alice.id,
  };
  return { alice, acme, mallory, ids };
}

/** Everything of Acme's, to compare before and after the walk. */
async function acmeState(workspaceId: string) {
  const db = getDb();
  return Promise.all([
    db.workspace.findUnique({ where: { id: workspaceId } }),
    db.workspaceMember.findMany({ where: { workspaceId }, orderBy: { userId: "asc" } }),
    db.post.findMany({ where: { workspaceId }, include: { targets: { include: { parts: true } }, media: true }, orderBy: { id: "asc" } }),
    db.channel.findMany({ where: { workspaceId }, orderBy: { id: "asc" } }),
    db.webhook.findMany({ where: { workspaceId }, orderBy: { id: "asc" } }),
    db.webhookDelivery.count({ where: { webhook: { workspaceId } } }),
    db.apiToken.findMany({ where: { workspaceId }, orderBy: { id: "asc" } }),
    db.queueSlot.findMany({ where: { workspaceId }, orderBy: { id: "asc" } }),
    db.workspaceInvitation.findMany({ where: { workspaceId }, orderBy: { id: "asc" } }),
  ]);
}

/** The intents a route's source names (`case "x"`, `intent === "x"`), so each branch of its action is walked. */
function intentsOf(file: string): string[] {
  const source = readFileSync(path.resolve(__dirname, file), "utf8");
  const found = [...source.matchAll(/case "([a-zA-Z-]+)"|intent === "([a-zA-Z-]+)"|value="([a-zA-Z-]+)"/g)].map((m) => m[1] ?? m[2] ?? m[3]!);
  return [...new Set(["", ...found])];
}

/** The params a route file's name asks for, filled with Acme's ids. */
function paramsOf(file: string, ids: Record<string, string>): Record<string, string> {
  const name = path.basename(file).replace(/\.(ts|tsx)$/, "");
  const params: Record<string, string> = {};
  for (const match of name.matchAll(/\$([a-zA-Z]*)/g)) {
    const key = match[1] || "*";
    params[key] = key === "*" ? `${ids.imageId}` : (ids[key] ?? (key === "provider" || key === "network" ? "linkedin" : "walk"));
  }
  return params;
}

function leaks(answer: Answer, ids: Record<string, string>): string[] {
  // A refused form answers with what was typed into it (Conform's initialValue): the walker's own
  // input, not Acme's, so it is left out.
  const seen = answer.body?.result?.initialValue ? JSON.stringify({ ...answer.body, result: { ...answer.body.result, initialValue: null } }) : answer.text;
  const found = seen.includes(SECRET) || seen.includes("acme-secret") ? [SECRET] : [];
  // Ids are in the request's own path; a body that names one back (other than the user's) shows it exists.
  for (const [key, id] of Object.entries(ids)) if (key !== "userId" && key !== "noticeId" && seen.includes(id)) found.push(key);
  return found;
}

describe("a member of another workspace, walking every route with Acme's ids", () => {
  it("reads nothing of Acme, changes nothing, and crashes nothing", { timeout: 240_000 }, async () => {
    const { acme, mallory, ids } = await acmeAndMallory();
    const before = await acmeState(acme.id);
    const problems: string[] = [];
    const files = Object.keys(routes).sort();
    expect(files.length).toBeGreaterThan(100);
    for (const file of files) {
      const route = await routes[file]!();
      const params = paramsOf(file, ids);
      const isApi = path.basename(file).startsWith("api.");
      const attempts: { method: string; handler: Handler; form?: URLSearchParams; headers?: Record<string, string> }[] = [];
      const headerSets: Record<string, string>[] = isApi ? [{}, { "Plume-Workspace": acme.id }] : [{}];
      for (const headers of headerSets) {
        if (route.loader) attempts.push({ method: "GET", handler: route.loader, headers });
        if (!route.action) continue;
        for (const method of isApi ? ["POST", "PUT", "PATCH", "DELETE"] : ["POST"]) {
          for (const intent of intentsOf(file)) {
            const form = new URLSearchParams({ intent, ...ids, returnTo: "/posts", redirectTo: "/posts", confirmName: "Walked", name: "Walked" });
            attempts.push({ method, handler: route.action, form, headers });
          }
        }
      }
      for (const attempt of attempts) {
        // A fresh session each time: a route that signs out does not end the walk.
        const cookie = (await createSession(mallory.id)).split(";")[0]!;
        const url = `${BASE}/${path
          .basename(file)
          .replace(/\.(ts|tsx)$/, "")
          .replace(/\./g, "/")}`;
        const answer = await call(attempt.handler, { method: attempt.method, url, params, cookie, form: attempt.form, headers: attempt.headers });
        const where = `${attempt.method} ${path.basename(file)} ${attempt.form?.get("intent") ?? ""} ${JSON.stringify(attempt.headers)}`;
        // 503 with its code is a designed answer (billing or the assistant not set up here); anything else 5xx is a crash.
        const designed = answer.status === 503 && typeof answer.body?.error?.code === "string";
        if (answer.status >= 500 && !designed) problems.push(`${where}: ${answer.status} ${answer.text.slice(0, 200)}`);
        const leaked = leaks(answer, ids);
        if (leaked.length > 0) problems.push(`${where}: shows ${leaked.join(", ")} (${answer.status})`);
      }
    }
    expect(problems).toEqual([]);
    expect(await acmeState(acme.id)).toEqual(before);
  });
});
