import { afterEach, describe, expect, it } from "vitest";
import { assertPublicOrigin } from "./public-origin.server";

describe("assertPublicOrigin", () => {
  it.each([
    "http://example.com",
    "https://127.0.0.1",
    "https://10.1.2.3:8443",
    "https://[::1]",
    "https://[fd00::1]",
    "https://localhost",
    "https://intranet",
    "https://printer.local",
    "https://user:pw@example.com",
  ])("refuses %s", async (origin) => {
    await expect(assertPublicOrigin("bluesky", origin, [])).rejects.toMatchObject({ details: { code: "origin_refused", status: 400 } });
  });

  it("lets a public address through, and any origin the operator trusts", async () => {
    await expect(assertPublicOrigin("bluesky", "https://1.1.1.1", [])).resolves.toBeUndefined();
    await expect(assertPublicOrigin("bluesky", "http://127.0.0.1:2583", ["http://127.0.0.1:2583"])).resolves.toBeUndefined();
  });

  describe("in the demonstration (npm run demo)", () => {
    afterEach(() => {
      delete process.env.DEMO_MODE;
    });

    it("refuses even a public address, and still lets the configured origins through", async () => {
      process.env.DEMO_MODE = "true";
      await expect(assertPublicOrigin("mastodon", "https://1.1.1.1", [])).rejects.toMatchObject({ details: { code: "origin_refused", status: 400 } });
      await expect(assertPublicOrigin("bluesky", "http://localhost:3000", ["http://localhost:3000"])).resolves.toBeUndefined();
    });
  });
});
