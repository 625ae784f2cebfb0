import type { ActionFunctionArgs } from "@remix-run/node";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createSession } from "~/modules/auth/session.server";
import { getDb } from "~/modules/db/db.server";
import { saveWrittenText } from "~/modules/posts/compose.server";
import * as newPost from "~/routes/_dashboard.create._index";
import { connectedUser, startFakes, type Fakes } from "../support/publishing";

// Issue 26: starting a post again and again must not pile up empty drafts.

let fakes: Fakes;
beforeAll(async () => {
  fakes = await startFakes();
});
afterAll(async () => {
  await fakes.close();
});

async function signedIn(userId: string) {
  const cookie = (await createSession(userId)).split(";")[0]!;
  return (fields: [string, string][]) =>
    newPost.action({
      request: new Request("http://localhost:3000/create", {
        method: "POST",
        headers: { Cookie: cookie, "Content-Type": "application/x-www-form-urlencoded" },
        body: new URLSearchParams(fields),
      }),
      params: {},
      context: {},
    } as unknown as ActionFunctionArgs) as Promise<Response>;
}

const draftId = (answer: Response) => /\/create\/([^/]+)\/method$/.exec(answer.headers.get("Location") ?? "")?.[1];

describe("the first step of the wizard", () => {
  it("reuses the latest untouched draft instead of making another, with the new choice", async () => {
    const { user } = await connectedUser(fakes, ["linkedin", "twitter"]);
    const start = await signedIn(user.id);
    const first = draftId(await start([["platforms", "linkedin"]]));
    const second = draftId(await start([["platforms", "twitter"]]));
    expect(first).toBeTruthy();
    expect(second).toBe(first);
    expect(await getDb().post.count({ where: { userId: user.id } })).toBe(1);
    expect(await getDb().post.findUniqueOrThrow({ where: { id: first! } })).toMatchObject({ platforms: "twitter", composeStep: "method", status: "draft" });
  });

  it("never reuses a draft something was written in: a new one is made", async () => {
    const { user } = await connectedUser(fakes, ["linkedin"]);
    const start = await signedIn(user.id);
    const first = draftId(await start([["platforms", "linkedin"]]));
    await saveWrittenText(user.id, first!, "Already a few words");
    const second = draftId(await start([["platforms", "linkedin"]]));
    expect(second).toBeTruthy();
    expect(second).not.toBe(first);
    expect(await getDb().post.count({ where: { userId: user.id } })).toBe(2);
    expect((await getDb().post.findUniqueOrThrow({ where: { id: first! } })).linkedinText).toBe("Already a few words");
  });

  it("never reuses another user's empty draft", async () => {
    const { user: owner } = await connectedUser(fakes, ["linkedin"]);
    const { user: other } = await connectedUser(fakes, ["linkedin"]);
    const mine = draftId(await (await signedIn(owner.id))([["platforms", "linkedin"]]));
    const theirs = draftId(await (await signedIn(other.id))([["platforms", "linkedin"]]));
    expect(theirs).not.toBe(mine);
    expect(await getDb().post.count({ where: { userId: owner.id } })).toBe(1);
  });
});
