// Connected accounts' pictures copied into the app (docs/decisions/0053): the real OAuth round trips
// against the fakes over HTTP, the picture fetched from the URL the network gave, stored, served by
// /channels/{id}/avatar to its owner only; an unkind picture never fails the connection.
import { existsSync } from "node:fs";
import path from "node:path";
import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import sharp from "sharp";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { getEnv } from "~/core/env/env.server";
import { createSession } from "~/modules/auth/session.server";
import { listChannelChoices, listChannels } from "~/modules/connections/connection.server";
import { startConnect } from "~/modules/connections/oauth.server";
import { getDb } from "~/modules/db/db.server";
import { createPostWithTargets, getOwnPost } from "~/modules/posts/post.server";
import { toPostView } from "~/modules/posts/post-view.server";
import { trialSubscriptionData } from "~/modules/subscriptions/subscription.server";
import * as callbackRoute from "~/routes/auth.callback.$provider";
import * as avatarRoute from "~/routes/channels.$channelId.avatar";
import * as disconnectRoute from "~/routes/_dashboard.profile_.channels.$channelId.disconnect";
import { avatarColour, type AvatarMode } from "../fakes/fake-kit";
import { followConsent } from "../fakes/linkedin-server";
import { startFakes, type Fakes } from "../support/publishing";
import { uniqueEmail } from "./helpers";

let fakes: Fakes;
beforeAll(async () => {
  fakes = await startFakes();
});
afterAll(async () => {
  await fakes.close();
});
afterEach(() => {
  fakes.x.state.avatarMode = "png";
  fakes.linkedin.state.avatarMode = "png";
});

async function signedIn() {
  const user = await getDb().user.create({ data: { email: uniqueEmail("avatars"), passwordHash: "x", subscription: { create: trialSubscriptionData() } } });
  const cookie = (await createSession(user.id)).split(";")[0]!;
  const session = await getDb().session.findFirstOrThrow({ where: { userId: user.id } });
  return { user, cookie, sessionId: session.id };
}
type Signed = Awaited<ReturnType<typeof signedIn>>;

async function connectAs(who: Signed, provider: "linkedin" | "twitter", accountId: string) {
  if (provider === "twitter") fakes.x.signIn(accountId);
  else fakes.linkedin.signIn(accountId);
  const back = await followConsent(await startConnect(who.user, who.sessionId, provider, { returnTo: "/profile" }), "Allow");
  const request = new Request(`http://localhost:3000/auth/callback/${provider}${back.search}`, { headers: { Cookie: who.cookie } });
  const response = (await callbackRoute.loader({ request, params: { provider }, context: {} } as unknown as LoaderFunctionArgs)) as Response;
  expect(response.status).toBe(302);
  return getDb().channel.findFirstOrThrow({ where: { userId: who.user.id, providerUserId: accountId } });
}

async function getAvatar(url: string, cookie?: string): Promise<Response> {
  const request = new Request(new URL(url, "http://localhost:3000"), { headers: cookie ? { Cookie: cookie } : {} });
  const channelId = new URL(request.url).pathname.split("/")[2]!;
  return (await avatarRoute.loader({ request, params: { channelId }, context: {} } as unknown as LoaderFunctionArgs)) as Response;
}

const avatarFile = (key: string) => path.join(getEnv().DATA_DIR, "uploads", key);

/** The served picture's size, format and the colour at its centre. */
async function pictureOf(response: Response) {
  const image = sharp(Buffer.from(await response.arrayBuffer()));
  const meta = await image.metadata();
  const { data } = await image.removeAlpha().extract({ left: 48, top: 48, width: 1, height: 1 }).raw().toBuffer({ resolveWithObject: true });
  return { format: meta.format, width: meta.width, height: meta.height, centre: { r: data[0]!, g: data[1]!, b: data[2]! } };
}

function close(actual: { r: number; g: number; b: number }, wanted: { r: number; g: number; b: number }) {
  for (const channel of ["r", "g", "b"] as const) expect(Math.abs(actual[channel] - wanted[channel])).toBeLessThanOrEqual(6);
}

describe("connected accounts' avatars", () => {
  it("connecting X and LinkedIn stores each picture and serves it, 96 × 96 WebP, to its owner only", async () => {
    const who = await signedIn();
    const xa = fakes.x.createUser();
    const member = fakes.linkedin.createUser();
    const x = await connectAs(who, "twitter", xa.id);
    const linkedin = await connectAs(who, "linkedin", member.sub);
    // The network's contracts: X gives profile_image_url when asked with user.fields, LinkedIn userinfo's picture.
    expect(x.avatarUrl).toBe(xa.profileImageUrl);
    expect(linkedin.avatarUrl).toBe(member.picture);
    expect(x.avatarKey).toMatch(/\.webp$/);
    expect(existsSync(avatarFile(x.avatarKey!))).toBe(true);

    const choices = await listChannelChoices(who.user.id);
    const url = choices.find((c) => c.id === x.id)!.avatarUrl!;
    expect(url).toMatch(new RegExp(`^/channels/${x.id}/avatar\\?v=[0-9a-f]+$`));
    expect((await listChannels(who.user.id)).find((c) => c.id === linkedin.id)!.avatarUrl).toMatch(/^\/channels\/.+\/avatar\?v=/);

    const served = await getAvatar(url, who.cookie);
    expect(served.status).toBe(200);
    expect(served.headers.get("Content-Type")).toBe("image/webp");
    expect(served.headers.get("X-Content-Type-Options")).toBe("nosniff");
    expect(served.headers.get("Cache-Control")).toMatch(/^private, max-age=\d+/);
    const picture = await pictureOf(served);
    expect(picture).toMatchObject({ format: "webp", width: 96, height: 96 });
    close(picture.centre, avatarColour(new URL(xa.profileImageUrl).pathname));

    // The post page's targets and previews read the same app URL.
    const post = await createPostWithTargets(who.user.id, [{ channelId: linkedin.id, parts: [{ text: "Avatars" }] }]);
    const view = toPostView(await getOwnPost(who.user.id, post.id));
    expect(view.targets[0]!.channel!.avatarUrl).toMatch(new RegExp(`^/channels/${linkedin.id}/avatar\\?v=`));

    // Another user, and nobody, get 404 as if it did not exist.
    const other = await signedIn();
    expect((await getAvatar(url, other.cookie)).status).toBe(404);
    expect((await getAvatar(url)).status).toBe(404);
    expect((await getAvatar(`/channels/not-a-channel/avatar`, who.cookie)).status).toBe(404);
  });

  it.each<[AvatarMode, string]>([
    ["too_big", "over a megabyte, without a length"],
    ["html", "an HTML page"],
    ["not_image", "bytes that are no image under image/png"],
    ["huge_pixels", "a PNG announcing 10000 × 10000 pixels"],
    ["missing", "404"],
    ["slow", "slower than the provider timeout"],
  ])(
    "a picture that is %s (%s): the connection succeeds, initials shown",
    async (mode) => {
      const who = await signedIn();
      const xa = fakes.x.createUser();
      fakes.x.state.avatarMode = mode;
      const channel = await connectAs(who, "twitter", xa.id);
      expect(channel.status).toBe("active");
      expect(channel.avatarUrl).toBe(xa.profileImageUrl);
      expect(channel.avatarKey).toBeNull();
      expect((await listChannelChoices(who.user.id))[0]!.avatarUrl).toBeNull();
      expect((await getAvatar(`/channels/${channel.id}/avatar`, who.cookie)).status).toBe(404);
    },
    20_000,
  );

  it("reconnecting with a new picture changes the URL and the bytes; the old file is removed", async () => {
    const who = await signedIn();
    const member = fakes.linkedin.createUser();
    const first = await connectAs(who, "linkedin", member.sub);
    const firstUrl = (await listChannelChoices(who.user.id))[0]!.avatarUrl!;

    const newPicture = `${fakes.linkedin.url}/media/profile-renewed-${member.sub}.png`;
    fakes.linkedin.state.users.get(member.sub)!.picture = newPicture;
    const second = await connectAs(who, "linkedin", member.sub);
    expect(second.id).toBe(first.id);
    const secondUrl = (await listChannelChoices(who.user.id))[0]!.avatarUrl!;
    expect(secondUrl).not.toBe(firstUrl);
    expect(existsSync(avatarFile(first.avatarKey!))).toBe(false);
    close((await pictureOf(await getAvatar(secondUrl, who.cookie))).centre, avatarColour(new URL(newPicture).pathname));

    // An old URL still answers the current picture, but not for good.
    const old = await getAvatar(firstUrl, who.cookie);
    expect(old.status).toBe(200);
    expect(old.headers.get("Cache-Control")).toBe("private, no-cache");

    // A new picture that cannot be fetched: initials, not the old one.
    fakes.linkedin.state.users.get(member.sub)!.picture = `${fakes.linkedin.url}/media/profile-third-${member.sub}.png`;
    fakes.linkedin.state.avatarMode = "missing";
    const third = await connectAs(who, "linkedin", member.sub);
    expect(third.avatarKey).toBeNull();
    expect(existsSync(avatarFile(second.avatarKey!))).toBe(false);
  });

  it("the same picture that fails once keeps the copy the app has", async () => {
    const who = await signedIn();
    const xa = fakes.x.createUser();
    const first = await connectAs(who, "twitter", xa.id);
    fakes.x.state.avatarMode = "missing";
    const again = await connectAs(who, "twitter", xa.id);
    expect(again.avatarKey).toBe(first.avatarKey);
    expect(existsSync(avatarFile(first.avatarKey!))).toBe(true);
  });

  it("disconnecting a channel removes its picture", async () => {
    const who = await signedIn();
    const xa = fakes.x.createUser();
    const channel = await connectAs(who, "twitter", xa.id);
    expect(existsSync(avatarFile(channel.avatarKey!))).toBe(true);
    const request = new Request(`http://localhost:3000/profile/channels/${channel.id}/disconnect`, { method: "POST", headers: { Cookie: who.cookie } });
    await disconnectRoute.action({ request, params: { channelId: channel.id }, context: {} } as unknown as ActionFunctionArgs);
    expect(await getDb().channel.count({ where: { id: channel.id } })).toBe(0);
    expect(existsSync(avatarFile(channel.avatarKey!))).toBe(false);
  });
});
