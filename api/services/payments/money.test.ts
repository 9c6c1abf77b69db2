import { describe, expect, it } from "vitest";
import { CURRENCIES, fromMinorUnits, minorDigits, toMinorUnits } from "./money";

describe("money in minor units", () => {
  it("uses the currency's decimals: cents for USD and EUR, whole yen", () => {
    expect(minorDigits("usd")).toBe(2);
    expect(minorDigits("jpy")).toBe(0);
    expect(toMinorUnits(19.99, "usd")).toBe(1999);
    expect(toMinorUnits(0.1 + 0.2, "eur")).toBe(30);
    expect(toMinorUnits(1200, "jpy")).toBe(1200);
    expect(fromMinorUnits(1999, "usd")).toBe(19.99);
  });

  it("refuses more decimals than the currency has", () => {
    expect(toMinorUnits(9.999, "usd")).toBeNull();
    expect(toMinorUnits(12.5, "jpy")).toBeNull();
  });

  it("knows every offered currency", () => {
    for (const currency of CURRENCIES) expect(() => minorDigits(currency)).not.toThrow();
  });
});
