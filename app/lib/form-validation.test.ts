import { describe, expect, it } from "vitest";
import { z } from "zod";
import { fieldErrors, validate } from "./form-validation";

const schema = z
  .object({
    name: z
      .string()
      .min(1, "Name is required")
      .regex(/^[a-z]+$/, "Letters only"),
    age: z.coerce.number().int("Age must be whole"),
  })
  .refine((v) => v.name !== "bob", "Not bob");

describe("form validation", () => {
  it("gives the parsed data of a valid form", () => {
    expect(validate(schema, { name: "ana", age: "7" })).toEqual({ ok: true, data: { name: "ana", age: 7 } });
  });

  it("keeps the first message per field", () => {
    expect(validate(schema, { name: "", age: "1.5" })).toEqual({ ok: false, errors: { name: "Name is required", age: "Age must be whole" } });
  });

  it("files a message that names no field under `form`", () => {
    const result = schema.safeParse({ name: "bob", age: 1 });
    expect(result.success).toBe(false);
    if (!result.success) expect(fieldErrors(result.error)).toEqual({ form: "Not bob" });
  });
});
