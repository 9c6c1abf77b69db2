import { describe, expect, it } from "vitest";
import { z } from "zod";
import { formDataToObject, schemaFieldErrors } from "./useSchemaForm";

describe("schemaFieldErrors", () => {
  const schema = z
    .object({ email: z.string().min(1, "Email is required").email("Email is not valid"), password: z.string().min(1, "Password is required"), confirm: z.string() })
    .refine((value) => value.password === value.confirm, { message: "mismatch", path: ["confirm"] });

  it("keeps the first message of each field", () => {
    expect(schemaFieldErrors(schema, { email: "", password: "", confirm: "" })).toEqual({
      email: "Email is required",
      password: "Password is required",
    });
  });

  it("reports refinements on their path", () => {
    expect(schemaFieldErrors(schema, { email: "a@b.co", password: "x", confirm: "y" })).toEqual({ confirm: "mismatch" });
  });

  it("is empty for valid input", () => {
    expect(schemaFieldErrors(schema, { email: "a@b.co", password: "x", confirm: "x" })).toEqual({});
  });
});

describe("formDataToObject", () => {
  it("keeps string fields and drops files", () => {
    const data = new FormData();
    data.append("name", "Ada");
    data.append("file", new Blob(["x"]), "x.txt");
    expect(formDataToObject(data)).toEqual({ name: "Ada" });
  });
});
