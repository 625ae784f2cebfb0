import { describe, expect, it } from "vitest";
import { isWorkspaceRole, roleAtLeast } from "./roles";

describe("workspace roles", () => {
  it("orders the roles from owner down to viewer", () => {
    expect(roleAtLeast("owner", "admin")).toBe(true);
    expect(roleAtLeast("admin", "admin")).toBe(true);
    expect(roleAtLeast("editor", "admin")).toBe(false);
    expect(roleAtLeast("writer", "editor")).toBe(false);
    expect(roleAtLeast("editor", "writer")).toBe(true);
    expect(roleAtLeast("viewer", "writer")).toBe(false);
    expect(roleAtLeast("viewer", "viewer")).toBe(true);
  });

  it("knows only the five roles", () => {
    expect(isWorkspaceRole("editor")).toBe(true);
    expect(isWorkspaceRole("Editor")).toBe(false);
    expect(isWorkspaceRole("superuser")).toBe(false);
    expect(isWorkspaceRole(undefined)).toBe(false);
  });
});
