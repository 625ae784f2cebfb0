import { z } from "zod";
import { apiChangePasswordSchema, apiLoginSchema, apiRegisterSchema } from "~/modules/auth/schemas";
import { searchQuerySchema } from "~/modules/content/search.server";
import { invitationParams, invitationTokenParams, memberParams, tokenParams, userParams, workspaceParams } from "~/modules/http/params.server";
import { changeRoleSchema, inviteSchema } from "~/modules/workspace-members/schemas";
import { adminUsersQuerySchema, setAdminBodySchema } from "~/modules/admin/schemas";
import { checkoutSchema } from "~/modules/billing/schemas";
import { waitlistSchema } from "~/modules/marketing/schemas";
import { createApiTokenSchema } from "~/modules/api-tokens/schemas";
import { createWorkspaceSchema, updateWorkspaceSchema } from "~/modules/workspaces/schemas";
import {
  newApiTokenSchema,
  postSearchResultSchema,
  searchResultSchema,
  stripeUrlSchema,
  waitlistCountSchema,
  waitlistJoinedSchema,
} from "~/modules/api/openapi-schemas";
import type { ApiPaths } from "~/modules/api/openapi-operation";

// Accounts, admin, billing, the public pages and the reference: their operations in the OpenAPI document (see openapi-operations.server.ts).

export const ACCOUNT_PATHS: ApiPaths = {
  "/api/auth/register": {
    POST: {
      tag: "Accounts",
      summary: "Create an account and sign in",
      description: "`username` is accepted and ignored (the username is the e-mail). The account's language is the request's.",
      public: true,
      body: apiRegisterSchema,
      answer: { status: 201, data: "User", setsCookie: true },
      errors: ["email_taken", "rate_limited"],
    },
  },
  "/api/auth/login": {
    POST: {
      tag: "Accounts",
      summary: "Sign in",
      public: true,
      body: apiLoginSchema,
      answer: { status: 200, data: "User", setsCookie: true },
      errors: ["invalid_credentials", "rate_limited"],
    },
  },
  "/api/auth/logout": {
    POST: { tag: "Accounts", summary: "Sign out (the cookie is cleared)", answer: { status: 200, data: null, setsCookie: true } },
  },
  "/api/users/me": {
    GET: { tag: "Accounts", summary: "The signed-in user", answer: { status: 200, data: "User" } },
  },
  "/api/users/password": {
    PUT: {
      tag: "Accounts",
      summary: "Change the password",
      description: "Every session ends; this client carries on with the new session cookie sent back.",
      body: apiChangePasswordSchema,
      answer: { status: 200, data: null, setsCookie: true },
      errors: ["wrong_password", "rate_limited"],
    },
  },
  "/api/tokens": {
    GET: {
      tag: "Accounts",
      summary: "The user's personal access tokens, newest first (never their secrets)",
      answer: { status: 200, data: "ApiToken", list: "all" },
    },
    POST: {
      tag: "Accounts",
      summary: "Create a personal access token",
      description:
        "`scopes`: one or more of `posts:read`, `posts:write`, `channels:read`. `expiresInDays`: 1 to 365; absent or null, the token never expires. " +
        "The answer's `token` is the secret, shown this once: send it as `Authorization: Bearer plm_…`. At most 25 tokens a user (409 `api_token_limit_reached`).",
      body: createApiTokenSchema,
      answer: { status: 201, data: newApiTokenSchema },
      errors: ["api_token_limit_reached"],
    },
  },
  "/api/tokens/{tokenId}": {
    DELETE: {
      tag: "Accounts",
      summary: "Revoke a personal access token",
      description: "At once: its next request is a 401. Another user's token, or an unknown id, is a 404.",
      params: tokenParams,
      answer: { status: 204 },
    },
  },
  "/api/workspaces": {
    GET: {
      tag: "Accounts",
      summary: "The caller's workspaces, with their role in each (the personal one first)",
      description:
        "Any API call acts in one workspace: the one its `Plume-Workspace: <id>` header names, else the one chosen in the app, else the personal one. " +
        "A workspace the caller is not a member of answers 404, never 403. A personal access token acts in the workspace it was made in and ignores the header.",
      answer: { status: 200, data: "Workspace", list: "all" },
    },
    POST: {
      tag: "Accounts",
      summary: "Create a workspace, the caller its owner",
      description: "`name`: 1 to 80 characters. At most 50 shared workspaces owned by one person (409 `workspace_limit_reached`).",
      body: createWorkspaceSchema,
      answer: { status: 201, data: "Workspace" },
      errors: ["workspace_limit_reached"],
    },
  },
  "/api/workspaces/{workspaceId}": {
    PATCH: {
      tag: "Accounts",
      summary: "Rename a workspace, or turn its approval on or off",
      description:
        "`name` (1 to 80 characters) and/or `approvalRequired` (with it on, posts need an editor's approval before they are scheduled or published). " +
        "For the workspace's admins and owner: another member gets 403 `forbidden`, anyone else 404. A personal workspace keeps its (empty) name: 409 `personal_workspace`.",
      params: workspaceParams,
      body: updateWorkspaceSchema,
      answer: { status: 200, data: "Workspace" },
      errors: ["forbidden", "personal_workspace"],
    },
    DELETE: {
      tag: "Accounts",
      summary: "Delete a workspace and everything it holds",
      description:
        "Its owner only (another member gets 403 `forbidden`, anyone else 404). Its channels are disconnected (their tokens revoked at the network), " +
        "then its posts, queue, tokens and webhooks go. Never the personal workspace (409 `personal_workspace`), nor while one of its posts is being published (409 `post_publishing`).",
      params: workspaceParams,
      answer: { status: 204 },
      errors: ["forbidden", "personal_workspace", "post_publishing"],
    },
  },
  "/api/workspaces/{workspaceId}/members": {
    GET: {
      tag: "Accounts",
      summary: "A workspace's members and their roles",
      description: "For its members; anyone else gets 404. The owner first, then by role.",
      params: workspaceParams,
      answer: { status: 200, data: "Member", list: "all" },
    },
  },
  "/api/workspaces/{workspaceId}/members/{userId}": {
    PATCH: {
      tag: "Accounts",
      summary: "Give a member another role",
      description:
        "`role`: admin, editor, writer or viewer. For its admins and owner; only the owner makes, changes or removes admins (403 `forbidden`), and the owner's role never changes (409 `owner_stays`).",
      params: memberParams,
      body: changeRoleSchema,
      answer: { status: 200, data: "Member" },
      errors: ["forbidden", "owner_stays"],
    },
    DELETE: {
      tag: "Accounts",
      summary: "Remove a member, or leave",
      description:
        "For its admins, or oneself to leave. Access ends at once, in every session and for the member's tokens; their posts stay. Never the owner (409 `owner_stays`): the owner deletes the workspace instead.",
      params: memberParams,
      answer: { status: 204 },
      errors: ["forbidden", "owner_stays"],
    },
  },
  "/api/workspaces/{workspaceId}/invitations": {
    GET: {
      tag: "Accounts",
      summary: "The invitations waiting to be accepted",
      description: "For its admins and owner. Accepted, withdrawn and expired ones are gone.",
      params: workspaceParams,
      answer: { status: 200, data: "Invitation", list: "all" },
      errors: ["forbidden"],
    },
    POST: {
      tag: "Accounts",
      summary: "Invite someone by e-mail",
      description:
        "`email` and `role` (admin, editor, writer or viewer; admin by the owner only). Mails a single-use link valid 7 days; a second invitation to one address replaces the first. " +
        "Never into a personal workspace (409 `personal_workspace`), nor an address already a member (409 `already_member`); at most 50 waiting (409 `invitation_limit_reached`).",
      params: workspaceParams,
      body: inviteSchema,
      answer: { status: 201, data: "Invitation" },
      errors: ["forbidden", "personal_workspace", "already_member", "invitation_limit_reached"],
    },
  },
  "/api/workspaces/{workspaceId}/invitations/{invitationId}": {
    DELETE: {
      tag: "Accounts",
      summary: "Withdraw an invitation",
      description: "Its link stops at once. For its admins and owner.",
      params: invitationParams,
      answer: { status: 204 },
      errors: ["forbidden"],
    },
  },
  "/api/invitations/{token}/accept": {
    POST: {
      tag: "Accounts",
      summary: "Accept an invitation",
      description:
        "`token` is the one in the mailed link. The signed-in account's address must be the invited one, and verified (403 `invitation_email_mismatch`); " +
        "a link used, withdrawn or expired is a 410 `invitation_gone`. The answer is the workspace joined.",
      params: invitationTokenParams,
      answer: { status: 200, data: "Workspace" },
      errors: ["invitation_email_mismatch", "invitation_gone"],
    },
  },
  "/api/stripe/checkout": {
    POST: {
      tag: "Billing",
      summary: "Start paying for Pro: the Stripe Checkout page to open",
      description:
        "The user's Stripe customer is created at the first checkout and reused. A waitlist address gets its lifetime discount, " +
        "anyone else may enter a promotion code; the rest of a running trial carries over. " +
        "A user whose Stripe subscription is live gets the billing portal instead.",
      body: checkoutSchema,
      answer: { status: 200, data: stripeUrlSchema },
      errors: ["checkout_failed", "billing_disabled"],
    },
  },
  "/api/stripe/portal": {
    POST: {
      tag: "Billing",
      summary: "The user's Stripe billing portal (card, invoices, cancelling)",
      description: "It comes back to /profile.",
      answer: { status: 200, data: stripeUrlSchema },
      errors: ["no_billing_account", "portal_failed", "billing_disabled"],
    },
  },
  "/api/admin/users": {
    GET: {
      tag: "Admin",
      summary: "Every account, searched by e-mail, sorted and paged (admins only)",
      description: "A value out of range (`pageSize` over 100, an unknown `sort`) is a 422, not a fallback.",
      query: adminUsersQuerySchema,
      queryNotes: {
        q: "Part of the e-mail address, any case.",
        sort: "`email`, `updated`, `created` or `posts`; a leading `-` sorts descending. Ties are in id order.",
      },
      answer: { status: 200, data: "AdminUser", list: "paged" },
      errors: ["forbidden", "validation_failed"],
    },
  },
  "/api/admin/users/{userId}": {
    PATCH: {
      tag: "Admin",
      summary: "Give or take another account's admin rights (admins only)",
      description:
        "Never one's own; an ADMIN_EMAILS address cannot be demoted, and only a verified address can be promoted. " +
        "The change applies to the account's next request.",
      params: userParams,
      body: setAdminBodySchema,
      answer: { status: 200, data: "AdminUser" },
      errors: ["forbidden", "own_role_unchangeable", "listed_admin", "account_unverified"],
    },
  },
  "/api/search": {
    GET: {
      tag: "Public",
      summary: "Search the docs, blog and pages (at most 42 results), and the signed-in user's own posts (at most 8)",
      description: "`posts` is there only for a signed-in session: its user's posts, never another's, most recently changed first.",
      public: true,
      query: searchQuerySchema,
      answer: {
        status: 200,
        raw: z.object({ data: z.array(searchResultSchema), posts: z.array(postSearchResultSchema).optional() }),
      },
    },
  },
  "/api/waitlist": {
    GET: { tag: "Public", summary: "How many people are on the waitlist", public: true, answer: { status: 200, data: waitlistCountSchema } },
    POST: {
      tag: "Public",
      summary: "Join the waitlist",
      description: "An address already listed is answered the same way. `website` is a trap for bots: leave it out.",
      public: true,
      body: waitlistSchema,
      answer: { status: 200, data: waitlistJoinedSchema },
      errors: ["rate_limited"],
    },
  },
  "/api/openapi.json": {
    GET: {
      tag: "Reference",
      summary: "This document",
      public: true,
      answer: { status: 200, raw: z.looseObject({ openapi: z.string() }).describe("An OpenAPI 3.1 document") },
    },
  },
};
