// Page routes read their params like the API does: an id no record can have is the error page's
// 404, never a 500 (a thrown AppError) nor a form answer.
import type { ActionFunctionArgs } from "@remix-run/node";
import { describe, expect, it } from "vitest";
import { createSession } from "~/modules/auth/session.server";
import { getDb } from "~/modules/db/db.server";
import { trialSubscriptionData } from "~/modules/subscriptions/subscription.server";
import * as wizard from "~/routes/_dashboard.create.$postId";
import * as contentStep from "~/routes/_dashboard.create.$postId.content";
import * as methodStep from "~/routes/_dashboard.create.$postId.method";
import * as platformsStep from "~/routes/_dashboard.create.$postId.platforms";
import * as reviewStep from "~/routes/_dashboard.create.$postId.review";
import * as scheduleStep from "~/routes/_dashboard.create.$postId.schedule";
import * as postPage from "~/routes/_dashboard.posts.$postId";
import * as deletePage from "~/routes/_dashboard.posts.$postId_.delete";
import * as schedulePage from "~/routes/_dashboard.posts.$postId_.schedule";
import * as dismissNotice from "~/routes/notices.$noticeId.dismiss";
import { uniqueEmail } from "./helpers";

type RouteFunction = (args: ActionFunctionArgs) => Promise<unknown>;

async function signedInCookie(): Promise<string> {
  const user = await getDb().user.create({
    data: {
      email: uniqueEmail("route-params"),
      passwordHash: "not-a-real-hash",
      emailVerifiedAt: new Date(),
      subscription: { create: trialSubscriptionData() },
    },
  });
  return (await createSession(user.id)).split(";")[0]!;
}

/** The status Remix would answer: a thrown or returned response's own, 500 for anything else thrown. */
async function statusOf(run: RouteFunction, cookie: string, method: string, params: Record<string, string>): Promise<number> {
  const form = new FormData();
  form.set("intent", "publishNow");
  const request = new Request("http://localhost:3000/x", { method, headers: { Cookie: cookie }, body: method === "GET" ? undefined : form });
  const args = { request, params, context: { cspNonce: "", clientIp: "192.0.2.30" } } as unknown as ActionFunctionArgs;
  const statusOfAnswer = (answer: unknown) =>
    answer instanceof Response ? answer.status : ((answer as { init?: { status?: number } } | null)?.init?.status ?? 200);
  try {
    return statusOfAnswer(await run(args));
  } catch (thrown) {
    return thrown instanceof Response || (thrown as { type?: string } | null)?.type === "DataWithResponseInit" ? statusOfAnswer(thrown) : 500;
  }
}

describe("route params", () => {
  it("answers 404 on every page route for a post id no record can have", async () => {
    const cookie = await signedInCookie();
    const routes: [string, RouteFunction, string][] = [
      ["wizard loader", wizard.loader, "GET"],
      ["content step", contentStep.action, "POST"],
      ["method step", methodStep.action, "POST"],
      ["platforms step", platformsStep.action, "POST"],
      ["review step", reviewStep.action, "POST"],
      ["schedule step", scheduleStep.action, "POST"],
      ["post page loader", postPage.loader, "GET"],
      ["post page action", postPage.action, "POST"],
      ["delete page loader", deletePage.loader, "GET"],
      ["delete page action", deletePage.action, "POST"],
      ["schedule page loader", schedulePage.loader, "GET"],
      ["schedule page action", schedulePage.action, "POST"],
    ];
    for (const postId of ["a\u0000b", "x".repeat(200), "../etc"]) {
      for (const [name, run, method] of routes) {
        expect(await statusOf(run, cookie, method, { postId }), `${name} ${JSON.stringify(postId)}`).toBe(404);
      }
      expect(await statusOf(dismissNotice.action, cookie, "POST", { noticeId: postId }), `notice ${JSON.stringify(postId)}`).toBe(404);
    }
  });
});
