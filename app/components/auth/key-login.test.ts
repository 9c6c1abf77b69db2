import { describe, expect, it } from "vitest";
import { keyLoginParams, keyLoginPath } from "./key-login";

describe("keyLoginParams", () => {
  it("is 'none' without parameters", () => {
    expect(keyLoginParams({})).toEqual({ state: "none" });
  });

  it("is 'complete' with all three", () => {
    expect(keyLoginParams({ public_key: "pub", private_key: "priv", module_id: "quiz" })).toEqual({
      state: "complete",
      values: { public_key: "pub", private_key: "priv", module_id: "quiz" },
    });
  });

  it("is 'partial' when one is missing or blank", () => {
    expect(keyLoginParams({ public_key: "pub", private_key: "priv" }).state).toBe("partial");
    expect(keyLoginParams({ public_key: "pub", private_key: " ", module_id: "quiz" })).toEqual({
      state: "partial",
      values: { public_key: "pub", private_key: "", module_id: "quiz" },
    });
  });
});

describe("keyLoginPath", () => {
  it("URL-encodes each key", () => {
    expect(keyLoginPath({ public_key: "a/b", private_key: "c d", module_id: "quiz" })).toBe("/auth/login/a%2Fb/c%20d/quiz");
  });
});
