import { type KnownProcessing, recogniseProcessing } from "./custom-processing";
import { childElements, descendants, firstChild, textOf, type XmlElement } from "./xml-tree";

/** A responseDeclaration: what the item takes as right, and the credit its mapping gives. */
export interface Response {
  baseType: string;
  cardinality: string;
  /** correctResponse's values, in order (an ordering's order; a pair is "source target"). */
  correct: string[];
  /** mapEntry mapKey → mappedValue, when the item's processing is map_response. */
  mapping?: { key: string; value: number; caseSensitive: boolean }[];
}

/** How the item is scored: one of the two standard templates, one of our export's two written-out processings, or something we do not read. */
export type Processing = "matchCorrect" | "mapResponse" | "none" | "custom" | KnownProcessing;

const TEMPLATE = /(?:^|\/)(match_correct|map_response)(?:\.xml)?$/;

/**
 * The item's responseProcessing: the standard templates by their 2.1/2.2 URI
 * (…/rptemplates/match_correct) or 3.0 name (…/rptemplates/match_correct.xml); rules
 * written out in the item (custom processing) are not read (ADR 0084), save the two shapes our
 * own export writes (custom-processing.ts).
 */
export function processingOf(item: XmlElement): Processing {
  const processing = firstChild(item, "responseProcessing");
  if (!processing) return "none";
  if (childElements(processing).length > 0) return recogniseProcessing(processing) ?? "custom";
  const match = TEMPLATE.exec((processing.attrs.template ?? processing.attrs.templateLocation ?? "").trim());
  if (!match) return "custom";
  return match[1] === "map_response" ? "mapResponse" : "matchCorrect";
}

export function responsesOf(item: XmlElement, processing: Processing): Map<string, Response> {
  const responses = new Map<string, Response>();
  for (const declaration of childElements(item, "responseDeclaration")) {
    const correct = childElements(firstChild(declaration, "correctResponse") ?? declaration, "value").map((value) => textOf(value).trim());
    const mapping = firstChild(declaration, "mapping");
    responses.set(declaration.attrs.identifier ?? "", {
      baseType: declaration.attrs.baseType ?? "identifier",
      cardinality: declaration.attrs.cardinality ?? "single",
      correct: firstChild(declaration, "correctResponse") ? correct : [],
      ...((processing === "mapResponse" || (typeof processing === "object" && processing.kind === "gapWeights")) && mapping
        ? {
            mapping: childElements(mapping, "mapEntry").map((entry) => ({
              key: (entry.attrs.mapKey ?? "").trim(),
              value: Number(entry.attrs.mappedValue),
              caseSensitive: entry.attrs.caseSensitive !== "false",
            })),
          }
        : {}),
    });
  }
  return responses;
}

/**
 * What a response holds right, each with its credit (0–100): with map_response the mapping's
 * positive values over the best of them (a mapping of 2 and 1 gives 100 % and 50 %), else the
 * correct response at 100 %.
 */
export function creditedKeys(response: Response): { key: string; credit: number }[] {
  if (!response.mapping) return response.correct.map((key) => ({ key, credit: 100 }));
  const best = Math.max(0, ...response.mapping.map((entry) => (Number.isFinite(entry.value) ? entry.value : 0)));
  if (best <= 0) return [];
  return response.mapping.filter((entry) => entry.value > 0).map((entry) => ({ key: entry.key, credit: Math.round((Math.min(entry.value, best) / best) * 10_000) / 100 }));
}

/** The identifiers a response takes as right, whatever the credit. */
export const rightKeys = (response: Response) => new Set(creditedKeys(response).map((entry) => entry.key));

/** Every interaction of the body, in document order. */
export const interactionsOf = (body: XmlElement) => descendants(body, (element) => element.name.endsWith("Interaction"));
