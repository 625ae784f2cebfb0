import { parseWithZod } from "@conform-to/zod/v4";
import type { ActionFunctionArgs } from "@remix-run/node";
import { describe, expect, it } from "vitest";
import { z } from "zod";
import { createSession } from "~/modules/auth/session.server";
import { getDb } from "~/modules/db/db.server";
import { AppError } from "~/modules/errors/app-error";
import { addImage } from "~/modules/posts/post-images.server";
import { createPost } from "~/modules/posts/post.server";
import * as imagesStep from "~/routes/_dashboard.create.$postId.images";
import { pngBytes } from "../support/publishing";
import { uniqueEmail } from "./helpers";
import { formErrorsOf, resultFor, succeeded, type FormReply } from "~/modules/forms/reply";
import { replyInvalid, replyMessages, replySuccess, replyWithError } from "~/modules/forms/reply.server";

const schema = z.object({ email: z.string().email("auth.validation.email"), password: z.string().min(1) });

function submitted(fields: Record<string, string>) {
  const form = new FormData();
  for (const [name, value] of Object.entries(fields)) form.set(name, value);
  return parseWithZod(form, { schema });
}

const french = new Request("http://localhost/", { headers: { "Accept-Language": "fr" } });

// data() answers carry their body and status; these read them back.
const bodyOf = (answer: unknown) => (answer as { data: FormReply }).data;
const statusOf = (answer: unknown) => (answer as { init: ResponseInit | null }).init?.status;

describe("FormReply, the page actions' one answer", () => {
  it("a submission the schema refuses answers 400 with its field errors and without the secrets", () => {
    const answer = replyInvalid(submitted({ email: "nope", password: "hunter2" }), { hideFields: ["password"], intent: "login" });
    expect(statusOf(answer)).toBe(400);
    const reply = bodyOf(answer);
    expect(reply.intent).toBe("login");
    expect(reply.result.error?.email).toEqual(["auth.validation.email"]);
    expect(JSON.stringify(reply)).not.toContain("hunter2");
  });

  it("a rule of the service puts its field errors on the fields, 422 by default", () => {
    const answer = replyInvalid(submitted({ email: "a@b.co", password: "x" }), { fieldErrors: { email: ["posts.errors.textMissingField"] } });
    expect(statusOf(answer)).toBe(422);
    expect(bodyOf(answer).result.error?.email).toEqual(["posts.errors.textMissingField"]);
  });

  it("a domain failure is the form's own error, translated with its values, at the error's status", async () => {
    const error = new AppError("rate_limited", "errors.tooManyAttempts", { values: { count: 10 } });
    const answer = await replyWithError(french, submitted({ email: "a@b.co", password: "x" }), error);
    expect(statusOf(answer)).toBe(429);
    const [message] = formErrorsOf(bodyOf(answer)) ?? [];
    expect(message).toBe("Trop de tentatives. Réessayez dans 10 minutes.");
  });

  it("a domain failure with fields keeps them as keys on the fields", async () => {
    const error = new AppError("email_taken", "auth.signup.emailTaken", { fields: { email: "auth.signup.emailTaken" } });
    const reply = bodyOf(await replyWithError(french, submitted({ email: "a@b.co", password: "x" }), error));
    expect(reply.result.error?.email).toEqual(["auth.signup.emailTaken"]);
  });

  it("'connect your accounts first' carries the platforms, and no other message", async () => {
    const error = new AppError("accounts_not_connected", "posts.errors.connectFirst", { values: { platforms: "linkedin,twitter,myspace" } });
    const answer = await replyWithError(french, null, error, { intent: "publishNow" });
    expect(statusOf(answer)).toBe(409);
    expect(bodyOf(answer)).toMatchObject({ intent: "publishNow", connect: ["linkedin", "twitter"] });
    expect(formErrorsOf(bodyOf(answer), "publishNow")).toBeUndefined();
  });

  it("a lone button's failure (no submission) is a form error; messages already translated pass as they are", async () => {
    const reply = bodyOf(await replyWithError(french, null, new AppError("not_found", "posts.errors.notFound")));
    expect(formErrorsOf(reply)).toHaveLength(1);
    const answer = replyMessages(["a.png: too big", "b.png: not an image"], 413);
    expect(statusOf(answer)).toBe(413);
    expect(formErrorsOf(bodyOf(answer))).toEqual(["a.png: too big", "b.png: not an image"]);
  });

  it("a success that stays on the page, and replies read only by the form they answer", () => {
    const reply = bodyOf(replySuccess(submitted({ email: "a@b.co", password: "x" }), { intent: "waitlist" }));
    expect(succeeded(reply, "waitlist")).toBe(true);
    expect(succeeded(reply)).toBe(false);
    expect(resultFor(reply, "contact")).toBeUndefined();
    expect(succeeded(undefined)).toBe(false);
  });
});

describe("the images step's small forms, without JavaScript", () => {
  async function setUp() {
    const user = await getDb().user.create({ data: { email: uniqueEmail("images"), passwordHash: "x" } });
    const post = await createPost(user.id, { platforms: ["linkedin"], linkedinText: "Hi", composeStep: "images" });
    const image = await addImage(user.id, post.id, await pngBytes(), "Before");
    const cookie = (await createSession(user.id)).split(";")[0]!;
    const send = async (fields: Record<string, string>) => {
      const body = new URLSearchParams(fields); // as a browser sends these forms (not multipart)
      const request = new Request(`http://localhost:3000/create/${post.id}/images`, { method: "POST", headers: { Cookie: cookie }, body });
      return imagesStep.action({ request, params: { postId: post.id }, context: {} } as unknown as ActionFunctionArgs);
    };
    return { image, send };
  }

  it("an alt text over 1000 characters is that image's field error, and the old one is kept", async () => {
    const { image, send } = await setUp();
    const answer = await send({ intent: "altText", imageId: image.id, altText: "x".repeat(1001) });
    expect(statusOf(answer)).toBe(400);
    const reply = bodyOf(answer);
    expect(reply.intent).toBe(`altText:${image.id}`);
    expect(reply.result.error?.altText).toEqual(["posts.validation.altTextTooLong"]);
    expect((await getDb().media.findUniqueOrThrow({ where: { id: image.id } })).altText).toBe("Before");
  });

  it("an unknown button or another post's image is the page's error, and changes nothing", async () => {
    const { image, send } = await setUp();
    const unknown = await send({ intent: "explode", imageId: image.id });
    expect(statusOf(unknown)).toBe(400);
    expect(formErrorsOf(bodyOf(unknown))).toEqual(["Some fields are not valid."]);
    const other = await setUp();
    const foreign = await send({ intent: "remove", imageId: other.image.id });
    expect(statusOf(foreign)).toBe(404);
    expect(formErrorsOf(bodyOf(foreign))).toHaveLength(1);
    const foreignAlt = await send({ intent: "altText", imageId: other.image.id, altText: "Mine now" });
    expect(statusOf(foreignAlt)).toBe(404);
    expect(formErrorsOf(bodyOf(foreignAlt), `altText:${other.image.id}`)).toHaveLength(1);
    expect(await getDb().media.count({ where: { id: { in: [image.id, other.image.id] } } })).toBe(2);
    expect((await getDb().media.findUniqueOrThrow({ where: { id: other.image.id } })).altText).toBe("Before");
  });
});
