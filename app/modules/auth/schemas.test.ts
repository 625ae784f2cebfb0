import { describe, expect, it } from "vitest";
import { changePasswordSchema, loginSchema, signupSchema } from "./schemas";

function messages(result: { success: boolean; error?: { issues: { path: PropertyKey[]; message: string }[] } }) {
  return Object.fromEntries((result.error?.issues ?? []).map((i) => [i.path.join("."), i.message]));
}

describe("sign-up validation", () => {
  it("accepts a valid form and normalises the address", () => {
    const result = signupSchema.safeParse({
      email: "  Jane.Doe@Example.COM ",
      password: "password123",
      confirmPassword: "password123",
      acceptTerms: true,
    });
    expect(result.success && result.data.email).toBe("jane.doe@example.com");
  });

  it("gives each rule its message key", () => {
    const result = signupSchema.safeParse({ email: "jane@", password: "short", confirmPassword: "other", acceptTerms: false });
    expect(messages(result)).toEqual({
      email: "validation.invalidEmail",
      password: "validation.passwordMin",
      confirmPassword: "validation.passwordsMustMatch",
      acceptTerms: "validation.acceptTerms",
    });
    const mismatch = signupSchema.safeParse({ email: "a@b.co", password: "password123", confirmPassword: "password124", acceptTerms: true });
    expect(messages(mismatch)).toEqual({ confirmPassword: "validation.passwordsMustMatch" });
    // Shown together with the other fields' messages, not one submit later.
    const both = signupSchema.safeParse({ email: "a@b", password: "password123", confirmPassword: "password124", acceptTerms: true });
    expect(messages(both)).toEqual({ email: "validation.invalidEmail", confirmPassword: "validation.passwordsMustMatch" });
  });

  it("treats missing fields as invalid with the same messages", () => {
    expect(messages(signupSchema.safeParse({}))).toMatchObject({
      email: "validation.invalidEmail",
      password: "validation.passwordMin",
      acceptTerms: "validation.acceptTerms",
    });
  });
});

describe("password change validation", () => {
  it("says 'New passwords do not match'", () => {
    const result = changePasswordSchema.safeParse({ currentPassword: "whatever1", newPassword: "password123", confirmNewPassword: "password12" });
    expect(messages(result)).toEqual({ confirmNewPassword: "validation.newPasswordsMustMatch" });
  });
});

describe("sign-in validation", () => {
  it("needs an address and a password", () => {
    expect(messages(loginSchema.safeParse({ email: "x" }))).toEqual({
      email: "validation.invalidEmail",
      password: "validation.passwordRequired",
    });
  });
});
