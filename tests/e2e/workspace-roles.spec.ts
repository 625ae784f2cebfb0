import { expect, setWorkspaceRole, signUp, screenshotEach, test, uniqueEmail } from "./fixtures";

// What a member sees of a shared workspace by role (docs/decisions/0084), with and without
// JavaScript: a viewer reads and is offered nothing to change; a writer writes and edits drafts but
// is offered no scheduling; what a role cannot use is a 403 page when typed in.

test("a viewer reads a shared workspace, a writer drafts in it, neither is offered what their role cannot do", async ({ browser, page, hasJavaScript }) => {
  test.setTimeout(90_000);
  const workspaceName = `Acme ${Math.random().toString(36).slice(2, 8)}`;
  await signUp(page, uniqueEmail("roles-owner"));
  const made = await page.request.post("/api/workspaces", { data: { name: workspaceName } });
  expect(made.status()).toBe(201);
  const acmeId = ((await made.json()) as { data: { id: string } }).data.id;
  const draft = await page.request.post("/api/posts", {
    headers: { "Plume-Workspace": acmeId },
    data: { platforms: ["linkedin"], linkedinText: "A draft for Acme's launch" },
  });
  expect(draft.status()).toBe(201);
  const postId = ((await draft.json()) as { data: { id: string } }).data.id;

  const context = await browser.newContext({ javaScriptEnabled: hasJavaScript });
  const member = await context.newPage();
  await member.setViewportSize({ width: 1280, height: 900 });
  const email = uniqueEmail("roles-member");
  await signUp(member, email);
  await setWorkspaceRole(email, workspaceName, "viewer");
  await member.goto("/workspaces");
  await member.getByRole("button", { name: `Switch to ${workspaceName}` }).click();
  await expect(member.getByRole("region", { name: /Notifications/ }).getByText(`You are working in ${workspaceName} now.`)).toBeVisible();

  // A viewer: the posts, and nothing to change them with.
  await member.goto("/posts");
  await expect(member.getByText("A draft for Acme's launch")).toBeVisible();
  await expect(member.getByRole("link", { name: "Write a post" })).toHaveCount(0);
  await expect(member.getByRole("link", { name: "Import CSV" })).toHaveCount(0);
  await member.goto(`/posts/${postId}`);
  await expect(member.getByText("A draft for Acme's launch").first()).toBeVisible();
  await expect(member.getByText("Your role in this workspace is viewer: you can read this post, not change it.")).toBeVisible();
  for (const name of ["Edit", "Schedule", "Delete", "Duplicate", "Publish now"])
    await expect(member.getByRole(name === "Duplicate" || name === "Publish now" ? "button" : "link", { name, exact: true })).toHaveCount(0);
  if (hasJavaScript) await screenshotEach(member, "workspace-viewer-post", () => member.reload());
  await member.setViewportSize({ width: 1280, height: 900 });
  for (const path of ["/compose", "/webhooks", "/posts/import"]) {
    const answer = await member.goto(path);
    expect(answer?.status(), path).toBe(403);
  }

  // A writer: drafts yes, scheduling no.
  await setWorkspaceRole(email, workspaceName, "writer");
  await member.goto(`/posts/${postId}`);
  await expect(member.getByRole("link", { name: "Edit", exact: true })).toBeVisible();
  await expect(member.getByRole("link", { name: "Schedule", exact: true })).toHaveCount(0);
  await expect(member.getByRole("button", { name: "Publish now" })).toHaveCount(0);
  await member.goto("/posts");
  await expect(member.getByRole("link", { name: "Write a post" }).first()).toBeVisible();
  await expect(member.getByRole("link", { name: "Import CSV" })).toHaveCount(0);
  await context.close();
});
