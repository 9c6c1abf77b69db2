import type { MessageParams } from "../../core/coded";

/*
 * A whole ZIP or QTI package refused, in a module of texts only (the catalogue,
 * api/services/message-codes.ts, imports it): templates whose values travel in `params`
 * (docs/decisions/0061-codes-and-params.md). The page says them from locales bank.json qti.errors.
 */
export const PACKAGE_MESSAGES = {
  notZip: "The file is not a ZIP package",
  unreadable: "The package is damaged or encrypted and cannot be read",
  /** { max } */
  tooManyEntries: "A package may hold at most {{max, number}} files",
  /** { max } a size as people read it */
  tooLarge: "A package may unpack to at most {{max}} in all",
  /** { name, max } */
  entryTooLarge: (params: MessageParams) => `A file in the package may unpack to at most ${params.max}: ${params.name} is larger`,
  /** { name } */
  unsafePath: (params: MessageParams) => `The package holds a file whose path leaves the package: ${params.name}`,
  noManifest: "The package has no imsmanifest.xml: it is not an IMS content package",
  /** { detail } */
  badManifest: (params: MessageParams) => `imsmanifest.xml cannot be read: ${params.detail}`,
  noItems: "The package's manifest names no QTI 2.1, 2.2 or 3.0 items",
  /** { name } */
  missingFile: (params: MessageParams) => `The manifest names a file the package does not hold: ${params.name}`,
  entities: "The file declares entities, which are never read",
} as const;
