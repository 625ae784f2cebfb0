import { describe, expect, it } from "vitest";
import { addressToOpenFirst } from "./address-check";

describe("addressToOpenFirst", () => {
  it("lets the address be saved from itself", () => {
    expect(addressToOpenFirst("https://plume.example.com", "https://plume.example.com")).toBeNull();
    expect(addressToOpenFirst("https://Plume.Example.com/", "https://plume.example.com")).toBeNull();
  });

  it("names the address to open when it is saved from another one (it would lock the admin out)", () => {
    expect(addressToOpenFirst("https://plume.example.com", "http://localhost:3000")).toBe("https://plume.example.com");
    expect(addressToOpenFirst("http://localhost:3001", "http://localhost:3000")).toBe("http://localhost:3001");
  });

  it("cannot tell without an Origin header, and leaves a non-address to the setting's own rules", () => {
    expect(addressToOpenFirst("https://plume.example.com", null)).toBeNull();
    expect(addressToOpenFirst("not an address", "http://localhost:3000")).toBeNull();
    expect(addressToOpenFirst(undefined, "http://localhost:3000")).toBeNull();
  });
});
