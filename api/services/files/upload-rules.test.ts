import { describe, expect, it } from "vitest";
import { checkUploadContent } from "./content-check";
import { sanitiseFileName } from "./file-name";

const jpeg = new Uint8Array([0xff, 0xd8, 0xff, 0xe0, 0, 0x10, 0x4a, 0x46, 0x49, 0x46]);
const png = new Uint8Array([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 13]);
const text = (s: string) => new TextEncoder().encode(s);

describe("upload content check", () => {
  it.each(["a.jpg", "a.JPEG", "a.jfif"])("accepts JPEG bytes named %s", (name) => {
    expect(checkUploadContent("question-images", name, jpeg)).toEqual({ contentType: "image/jpeg" });
  });

  it("accepts PNG bytes and derives the type from them, not from the name", () => {
    expect(checkUploadContent("question-images", "a.png", png).contentType).toBe("image/png");
    expect(checkUploadContent("question-images", "a.jpg", png).contentType).toBe("image/png");
  });

  it("rejects an image name with other content, and other image formats", () => {
    expect(() => checkUploadContent("question-images", "evil.png", text("<script>alert(1)</script>"))).toThrow("not a valid JPEG or PNG");
    expect(() => checkUploadContent("question-images", "a.gif", text("GIF89a"))).toThrow("Only jpg, jpeg, png and jfif");
    expect(() => checkUploadContent("question-images", "a.svg", text("<svg/>"))).toThrow("Only jpg, jpeg, png and jfif");
  });

  it("accepts UTF-8 CSV text and rejects binary or non-UTF-8 content and other names", () => {
    expect(checkUploadContent("csv-uploads", "q.csv", text("question,answer\nQuelle année ?,2024\n")).contentType).toBe("text/csv; charset=utf-8");
    expect(() => checkUploadContent("csv-uploads", "q.csv", png)).toThrow("not a CSV text file");
    expect(() => checkUploadContent("csv-uploads", "q.csv", new Uint8Array([0x61, 0xe9, 0x62]))).toThrow("not a CSV text file");
    expect(() => checkUploadContent("csv-uploads", "q.xlsx", text("a,b"))).toThrow("Only csv files");
    // GIFT imports: text only, under its own names; never an image folder's bytes.
    expect(checkUploadContent("csv-uploads", "bank.gift", text("Q? {=a ~b}")).contentType).toBe("text/plain; charset=utf-8");
    expect(checkUploadContent("csv-uploads", "bank.TXT", text("Q? {=a ~b}")).contentType).toBe("text/plain; charset=utf-8");
    expect(() => checkUploadContent("csv-uploads", "bank.gift", png)).toThrow("not a CSV text file");
    expect(() => checkUploadContent("question-images", "bank.gift", text("Q? {=a ~b}"))).toThrow("Only jpg");
  });

  it("rejects an empty file", () => {
    expect(() => checkUploadContent("csv-uploads", "q.csv", new Uint8Array())).toThrow("The file is empty");
  });
});

describe("sanitiseFileName", () => {
  it.each([
    ["photo.png", "photo.png"],
    ["C:\\fakepath\\My Photo (1).PNG", "My-Photo-1.png"],
    ["../../etc/passwd", "passwd"],
    ["..", "file"],
    [".hidden.jpg", "hidden.jpg"],
    ["Économie été.csv", "Economie-ete.csv"],
    ["问题.csv", "file.csv"],
    ["a".repeat(200) + ".jpeg", "a".repeat(75) + ".jpeg"],
  ])("%j → %j", (input, expected) => {
    expect(sanitiseFileName(input)).toBe(expected);
  });
});
