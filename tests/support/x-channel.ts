// An X channel row whose (sealed) tokens the X fake really issued: for tests and the publisher
// bench, which seed channels without going through the consent round trip.
import { seal } from "~/modules/crypto/secrets.server";
import type { XFake } from "../fakes/x-server";

export function xChannelData(x: XFake, userId: string, expiresInSeconds = 7200) {
  const account = x.createUser();
  const tokens = x.issueTokens(account.id, { expiresIn: expiresInSeconds });
  const data = {
    userId,
    workspaceId: userId,
    network: "twitter",
    providerUserId: account.id,
    displayName: account.name,
    handle: account.username,
    accessTokenEnc: seal(tokens.accessToken),
    refreshTokenEnc: seal(tokens.refreshToken),
    expiresAt: new Date(Date.now() + expiresInSeconds * 1000),
  };
  return { account, tokens, data };
}
