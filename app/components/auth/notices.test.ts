import { describe, expect, it } from "vitest";
import { noticeKey, readNotice, withNotice } from "./notices";

describe("notices", () => {
  it("reads only known notices", () => {
    expect(readNotice(new URLSearchParams("notice=reset-link-sent"))).toBe("reset-link-sent");
    expect(readNotice(new URLSearchParams("notice=<script>"))).toBeNull();
    expect(readNotice(new URLSearchParams(""))).toBeNull();
  });

  it("names the message key in camel case", () => {
    expect(noticeKey("reset-link-sent")).toBe("notices.resetLinkSent");
    expect(noticeKey("password-changed")).toBe("notices.passwordChanged");
  });

  it("appends to a path with or without a query", () => {
    expect(withNotice("/auth", "reset-link-sent")).toBe("/auth?notice=reset-link-sent");
    expect(withNotice("/auth/login?method=keys", "signed-out")).toBe("/auth/login?method=keys&notice=signed-out");
  });
});
