import { describe, expect, it } from "vitest";
import { loginSchema, resetPasswordSchema, signupSchema } from "./validation";
import { validate } from "~/lib/form-validation";

const good = { email: "Ana@Example.com ", password: "long enough", confirmPassword: "long enough", privacy: "on" };

describe("auth validation (spec section 5)", () => {
  it("accepts a complete sign-up and normalises the email", () => {
    const result = validate(signupSchema, good);
    expect(result).toEqual({ ok: true, data: { ...good, email: "ana@example.com" } });
  });

  it("reports each field with the spec's message", () => {
    const result = validate(signupSchema, {});
    expect(result.ok).toBe(false);
    if (result.ok) return;
    expect(result.errors).toEqual({
      email: "Email is required",
      password: "Password is required",
      confirmPassword: "Confirm password is required",
      privacy: "You must accept the privacy policy to continue",
    });
  });

  it("checks address, length and matching", () => {
    const errors = (values: object) => {
      const r = validate(signupSchema, { ...good, ...values });
      return r.ok ? {} : r.errors;
    };
    expect(errors({ email: "nope" }).email).toBe("Please enter a valid email address");
    expect(errors({ password: "1234567", confirmPassword: "1234567" }).password).toBe("Password must be at least 8 characters long");
    expect(errors({ password: "x".repeat(255), confirmPassword: "x".repeat(255) })).toEqual({});
    expect(errors({ password: "x".repeat(256), confirmPassword: "x".repeat(256) }).password).toBe("Password must be at most 255 characters long");
    expect(errors({ confirmPassword: "different" }).confirmPassword).toBe("Passwords must match");
    expect(errors({ privacy: undefined })).toEqual({ privacy: "You must accept the privacy policy to continue" });
  });

  it("says the passwords differ even while the privacy box is unticked", () => {
    const r = validate(signupSchema, { ...good, privacy: undefined, confirmPassword: "different" });
    expect(r.ok ? {} : r.errors).toEqual({
      privacy: "You must accept the privacy policy to continue",
      confirmPassword: "Passwords must match",
    });
  });

  it("login only needs an address and a password; reset uses the sign-up rules", () => {
    expect(validate(loginSchema, { email: "a@b.co", password: "x" }).ok).toBe(true);
    const r = validate(resetPasswordSchema, { token: "t", password: "short", confirmPassword: "short" });
    expect(r.ok ? {} : r.errors).toEqual({ password: "Password must be at least 8 characters long" });
  });
});
