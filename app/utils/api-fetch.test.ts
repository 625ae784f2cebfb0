import { describe, expect, it, vi } from "vitest";
import { afterUnauthorized, apiFetch, isLogoutCall, isSessionEnded, SessionEndedError, type ApiFetchDeps } from "./api-fetch";

function deps(status: number, currentPath = "/create/p1/content") {
  return {
    fetch: vi.fn<ApiFetchDeps["fetch"]>(async () => new Response(null, { status })),
    currentPath: () => currentPath,
    signOut: vi.fn<ApiFetchDeps["signOut"]>(),
    goToLogin: vi.fn<ApiFetchDeps["goToLogin"]>(),
  };
}

describe("apiFetch", () => {
  it("passes any answer but a 401 through untouched", async () => {
    for (const status of [200, 204, 400, 403, 404, 422, 429, 500]) {
      const d = deps(status);
      const response = await apiFetch("/api/search?q=x", undefined, d);
      expect(response.status).toBe(status);
      expect(d.signOut).not.toHaveBeenCalled();
      expect(d.goToLogin).not.toHaveBeenCalled();
    }
  });

  it("signs out on a 401, coming back to the current page, and rejects quietly", async () => {
    const d = deps(401, "/create/p1/content?x=1");
    const call = apiFetch("/create/p1/ai-draft", { method: "POST" }, d);
    await expect(call).rejects.toBeInstanceOf(SessionEndedError);
    expect(d.signOut).toHaveBeenCalledWith("/create/p1/content?x=1");
    expect(d.goToLogin).not.toHaveBeenCalled();
  });

  it("a 401 on the logout call itself only goes to /login", async () => {
    for (const url of ["/logout", "/api/auth/logout", "/api/auth/logout?x=1"]) {
      const d = deps(401);
      await expect(apiFetch(url, { method: "POST" }, d)).rejects.toSatisfy(isSessionEnded);
      expect(d.goToLogin).toHaveBeenCalledOnce();
      expect(d.signOut).not.toHaveBeenCalled();
    }
  });

  it("hands the request on as given", async () => {
    const d = deps(200);
    const init = { method: "POST", headers: { Accept: "application/x-ndjson" } };
    await apiFetch("/api/auth/linkedin/url?prompt=login", init, d);
    expect(d.fetch).toHaveBeenCalledWith("/api/auth/linkedin/url?prompt=login", init);
  });
});

describe("afterUnauthorized", () => {
  it("tells logout calls from the others by path", () => {
    expect(isLogoutCall("/logout")).toBe(true);
    expect(isLogoutCall("http://localhost:3000/api/auth/logout")).toBe(true);
    expect(isLogoutCall("/api/auth/logout-other")).toBe(false);
    expect(isLogoutCall("/search?q=/logout")).toBe(false);
    expect(afterUnauthorized("/api/auth/twitter/url", "/posts")).toEqual({ kind: "logout", redirectTo: "/posts" });
    expect(afterUnauthorized("/logout", "/posts")).toEqual({ kind: "login" });
  });
});
