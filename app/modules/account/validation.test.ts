import { describe, expect, it } from "vitest";
import { validate } from "~/lib/form-validation";
import { ACCOUNT_MESSAGES, changePasswordSchema, deleteAccountSchema, profileSchema } from "./validation";

const errors = (schema: Parameters<typeof validate>[0], values: object) => {
  const r = validate(schema, values);
  return r.ok ? {} : r.errors;
};

describe("account rules", () => {
  it("normalises a good profile", () => {
    expect(validate(profileSchema, { displayName: "  Ana  ", handle: " Ana.Maps ", bio: "" })).toEqual({
      ok: true,
      data: { displayName: "Ana", handle: "ana.maps", bio: null },
    });
  });

  it("checks the handle", () => {
    expect(errors(profileSchema, { displayName: "", handle: "", bio: "" }).handle).toBe(ACCOUNT_MESSAGES.handleRequired);
    expect(errors(profileSchema, { displayName: "", handle: "ab", bio: "" }).handle).toBe(ACCOUNT_MESSAGES.handleLength);
    expect(errors(profileSchema, { displayName: "", handle: "a".repeat(31), bio: "" }).handle).toBe(ACCOUNT_MESSAGES.handleLength);
    expect(errors(profileSchema, { displayName: "", handle: "ana maps", bio: "" }).handle).toBe(ACCOUNT_MESSAGES.handleCharacters);
    expect(errors(profileSchema, { displayName: "", handle: ".ana", bio: "" }).handle).toBe(ACCOUNT_MESSAGES.handleCharacters);
    expect(errors(profileSchema, { displayName: "", handle: "ana/../x", bio: "" }).handle).toBe(ACCOUNT_MESSAGES.handleCharacters);
  });

  it("limits the display name and bio", () => {
    expect(errors(profileSchema, { displayName: "x".repeat(81), handle: "ana", bio: "" }).displayName).toBe(ACCOUNT_MESSAGES.displayNameTooLong);
    expect(errors(profileSchema, { displayName: "", handle: "ana", bio: "x".repeat(501) }).bio).toBe(ACCOUNT_MESSAGES.bioTooLong);
  });

  it("a new password follows the sign-up rules; the current one is required", () => {
    expect(errors(changePasswordSchema, {})).toEqual({
      currentPassword: ACCOUNT_MESSAGES.currentPasswordRequired,
      password: "Password is required",
      confirmPassword: "Confirm password is required",
    });
    expect(errors(changePasswordSchema, { currentPassword: "x", password: "short", confirmPassword: "short" }).password).toBe(
      "Password must be at least 8 characters long",
    );
    expect(errors(changePasswordSchema, { currentPassword: "x", password: "long enough", confirmPassword: "long enougH" }).confirmPassword).toBe(
      "Passwords must match",
    );
  });

  it("deleting needs the word DELETE", () => {
    expect(errors(deleteAccountSchema, { confirm: "delete" }).confirm).toBe(ACCOUNT_MESSAGES.confirmDelete);
    expect(validate(deleteAccountSchema, { confirm: " DELETE " }).ok).toBe(true);
  });
});
