import { refusePackage, type ZipFiles } from "../zip";
import { childElements, descendants, readXml, textOf, type XmlElement } from "./xml-tree";

/** The item resource types of QTI 2.1, 2.2 and 3.0 content packages (IMS CP's resource@type). */
const ITEM_TYPES = new Set(["imsqti_item_xmlv2p1", "imsqti_item_xmlv2p2", "imsqti_item_xmlv3p0"]);

export interface ManifestItem {
  /** The item's XML in the package. */
  href: string;
  identifier: string;
  /** The resource's LOM keywords (metadata/lom/general/keyword/string), as our export writes tags. */
  tags: string[];
}

/**
 * The items a package's imsmanifest.xml names, in its order. Everything the manifest itself
 * names must be in the package (the item's href and each `file`): a package that misses one
 * is refused as a whole, before any item is read, since its export was cut short and what it
 * holds cannot be trusted to be the bank (ADR 0084). Tests, sections and other resources
 * (stylesheets, shared images) are not items and are passed over.
 */
export function readManifest(files: ZipFiles): ManifestItem[] {
  const bytes = files.get("imsmanifest.xml");
  if (!bytes) throw refusePackage("QTI_NO_MANIFEST");
  const read = readXml(decodeUtf8(bytes));
  if ("entities" in read) throw refusePackage("QTI_XML_ENTITIES");
  if ("error" in read) throw refusePackage("QTI_BAD_MANIFEST", { detail: read.error });
  if (read.root.name !== "manifest") throw refusePackage("QTI_BAD_MANIFEST", { detail: "the root element is not manifest" });
  const items: ManifestItem[] = [];
  for (const resource of descendants(read.root, (element) => element.name === "resource")) {
    if (!ITEM_TYPES.has(resource.attrs.type ?? "")) continue;
    const base = resource.attrs.base ?? "";
    const href = resource.attrs.href ?? childElements(resource, "file")[0]?.attrs.href;
    if (!href) throw refusePackage("QTI_BAD_MANIFEST", { detail: `the resource ${resource.attrs.identifier ?? ""} names no file` });
    const named = [href, ...childElements(resource, "file").map((file) => file.attrs.href ?? "")].filter(Boolean).map((path) => resolvePath(base, path));
    const missing = named.find((path) => !files.has(path));
    if (missing !== undefined) throw refusePackage("QTI_MISSING_FILE", { name: missing.slice(0, 200) });
    items.push({ href: resolvePath(base, href), identifier: resource.attrs.identifier ?? href, tags: keywordsOf(resource) });
  }
  if (items.length === 0) throw refusePackage("QTI_NO_ITEMS");
  return items;
}

/** A resource's LOM keywords (each keyword's langstrings; the question's tag rules judge them later). */
function keywordsOf(resource: XmlElement): string[] {
  const metadata = childElements(resource, "metadata")[0];
  const keywords = metadata ? descendants(metadata, (element) => element.name === "keyword") : [];
  return keywords.flatMap((keyword) => childElements(keyword, "string").map((string) => textOf(string).trim())).filter(Boolean);
}

/** A path relative to a folder of the package (`items/` + `../images/a.png` = `images/a.png`), percent-escapes read; null when it climbs out. */
export function resolvePath(folder: string, relative: string): string {
  let decoded = relative;
  try {
    decoded = decodeURIComponent(relative);
  } catch {
    // A stray % is a name as written.
  }
  const parts = (decoded.startsWith("/") ? [] : folder.split("/").filter(Boolean)) as string[];
  for (const part of decoded.split("/")) {
    if (part === "" || part === ".") continue;
    if (part === "..") parts.pop();
    else parts.push(part);
  }
  return parts.join("/");
}

export const decodeUtf8 = (bytes: Uint8Array) => new TextDecoder("utf-8").decode(bytes).replace(/^\uFEFF/, "");
