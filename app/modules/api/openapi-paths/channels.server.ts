import { addOrganizationBodySchema, connectQuerySchema, disconnectBodySchema } from "~/modules/connections/schemas";
import { channelParams, providerParams } from "~/modules/http/params.server";
import { connectUrlSchema, organizationChoiceSchema } from "~/modules/api/openapi-schemas";
import type { ApiPaths } from "~/modules/api/openapi-operation";

// Channels and connections: their operations in the OpenAPI document (see openapi-operations.server.ts).

export const CHANNEL_PATHS: ApiPaths = {
  "/api/auth/{provider}/url": {
    GET: {
      tag: "Connections",
      summary: "The provider's consent page to connect an account",
      params: providerParams,
      query: connectQuerySchema,
      queryNotes: {
        prompt: "LinkedIn only: `login` signs in as someone else.",
        returnTo: "A path of this site the OAuth callback comes back to.",
      },
      answer: { status: 200, data: connectUrlSchema },
      errors: ["provider_unavailable", "rate_limited"],
    },
  },
  "/api/auth/{provider}/disconnect": {
    POST: {
      tag: "Connections",
      summary: "Disconnect an account (X's token is revoked)",
      description:
        "`userIdProvider`, the account's id at the provider, is optional; when given and it is not the connected account, nothing changes (404 `not_connected`).",
      params: providerParams,
      body: disconnectBodySchema,
      answer: { status: 200, data: null },
      errors: ["not_connected"],
    },
  },
  "/api/channels": {
    GET: {
      tag: "Channels",
      scope: "channels:read",
      summary: "The user's channels (connected accounts, several per network), oldest first",
      answer: { status: 200, data: "Channel", list: "all" },
    },
  },
  "/api/channels/linkedin/organizations": {
    GET: {
      tag: "Channels",
      summary: "The LinkedIn pages the user's connected member administers now (decision 58)",
      description:
        "Asked of LinkedIn with the oldest member channel whose token has the Community Management scopes; none: 409 `pages_unavailable`. " +
        "`id` is the organization's URN, `logoUrl` LinkedIn's own address of its logo, `added` whether it is already a channel.",
      answer: { status: 200, data: organizationChoiceSchema, list: "all" },
      errors: ["pages_unavailable", "channel_unusable", "connect_failed"],
    },
    POST: {
      tag: "Channels",
      summary: "Add a LinkedIn page the member administers as a channel (kind organization)",
      description:
        "`organizationId`: digits or `urn:li:organization:…`. Checked against the pages the member administers now: any other is a 403 `forbidden`, nothing added.",
      body: addOrganizationBodySchema,
      answer: { status: 201, data: "Channel" },
      errors: ["pages_unavailable", "forbidden", "channel_unusable", "connect_failed"],
    },
  },
  "/api/channels/{channelId}": {
    DELETE: {
      tag: "Channels",
      summary: "Remove a channel (X's tokens are revoked)",
      description:
        "Another user's channel, or an unknown id, is a 404. Scheduled posts that target it stay: their target's `channelId` becomes null, " +
        'and they fail with "channel removed" unless edited (scheduling such a post again is a 409 `channel_unusable`).',
      params: channelParams,
      answer: { status: 204 },
    },
  },
};
