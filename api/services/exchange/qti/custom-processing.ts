import { MARKING_LIMITS } from "../../marking/limits";
import { childElements, textOf, type XmlElement } from "./xml-tree";

/**
 * The two written-out response processings our own QTI export writes (ADR 0085), read back
 * (ADR 0084 addendum). Only these exact shapes, in QTI 3.0 or 2.x names (the tree reads both
 * alike); any other custom processing stays unread (qtiCustomProcessing):
 *
 * - a numerical tolerance: one responseCondition whose responseIf / responseElseIf each hold
 *   `equal toleranceMode="absolute"` of the response and a number, then `setOutcomeValue SCORE`
 *   to a number (the first value within wins, as our numerical rule);
 * - a cloze's weighted gaps: `setOutcomeValue SCORE` to a `sum` of `product(mapResponse
 *   RESPONSE_n, weight share)`, each gap's own mapping giving its credits.
 */
export type ToleranceKey = { kind: "tolerance"; response: string; answers: { value: number; tolerance: number; credit: number }[] };
export type GapWeights = { kind: "gapWeights"; weights: Map<string, number> };
export type KnownProcessing = ToleranceKey | GapWeights;

const NUMBER_BASE_TYPES = new Set(["float", "integer"]);

/** The processing's rules as one of the two shapes, or undefined when they are anything else. */
export function recogniseProcessing(processing: XmlElement): KnownProcessing | undefined {
  const rules = childElements(processing);
  if (rules.length !== 1) return undefined;
  return toleranceChain(rules[0]) ?? weightedGaps(rules[0]);
}

/** A baseValue of a number type holding a finite number. */
function numberValue(element: XmlElement | undefined): number | undefined {
  if (!element || element.name !== "baseValue" || !NUMBER_BASE_TYPES.has(element.attrs.baseType ?? "") || childElements(element).length > 0) return undefined;
  const text = textOf(element).trim();
  const value = Number(text);
  return text !== "" && Number.isFinite(value) ? value : undefined;
}

/** `setOutcomeValue identifier="SCORE"` around exactly one expression. */
function scoreExpression(rule: XmlElement): XmlElement | undefined {
  const children = childElements(rule);
  return rule.name === "setOutcomeValue" && rule.attrs.identifier === "SCORE" && children.length === 1 ? children[0] : undefined;
}

/** One symmetric absolute tolerance (QTI allows a lower and an upper one: ours is the same both ways, bounds included). */
function absoluteTolerance(equal: XmlElement): number | undefined {
  if (equal.attrs.toleranceMode !== "absolute") return undefined;
  if ((equal.attrs.includeLowerBound ?? "true") !== "true" || (equal.attrs.includeUpperBound ?? "true") !== "true") return undefined;
  const parts = (equal.attrs.tolerance ?? "").trim().split(/\s+/).map(Number);
  if (parts.length < 1 || parts.length > 2 || parts.some((part) => !Number.isFinite(part) || part < 0)) return undefined;
  return parts.length === 2 && parts[0] !== parts[1] ? undefined : parts[0];
}

type Branch = { response: string; value: number; tolerance: number; score: number };

/** `equal(variable R, number)` (either order), then SCORE set to a number. */
function branchOf(branch: XmlElement): Branch | undefined {
  const [equal, set, ...rest] = childElements(branch);
  if (rest.length > 0 || equal?.name !== "equal" || !set) return undefined;
  const tolerance = absoluteTolerance(equal);
  const operands = childElements(equal);
  const variable = operands.find((operand) => operand.name === "variable");
  const value = numberValue(operands.find((operand) => operand !== variable));
  const score = numberValue(scoreExpression(set));
  if (operands.length !== 2 || !variable?.attrs.identifier || childElements(variable).length > 0 || tolerance === undefined || value === undefined || score === undefined) return undefined;
  return { response: variable.attrs.identifier, value, tolerance, score };
}

function toleranceChain(rule: XmlElement): ToleranceKey | undefined {
  const branches = childElements(rule);
  if (rule.name !== "responseCondition" || branches.length === 0) return undefined;
  if (branches.some((branch, i) => branch.name !== (i === 0 ? "responseIf" : "responseElseIf"))) return undefined;
  const read = branches.map(branchOf);
  if (read.some((branch) => branch === undefined)) return undefined;
  const all = read as Branch[];
  if (all.some((branch) => branch.response !== all[0].response)) return undefined;
  // Credits as the mapping's are read: each positive score over the best one (ours writes 1 for full credit).
  const best = Math.max(0, ...all.map((branch) => branch.score));
  const answers = all.filter((branch) => branch.score > 0).map((branch) => ({ value: branch.value, tolerance: branch.tolerance, credit: Math.round((branch.score / best) * 10_000) / 100 }));
  return { kind: "tolerance", response: all[0].response, answers };
}

/** `product(mapResponse R, number)` (either order): R and its share. */
function weightedGap(product: XmlElement): [string, number] | undefined {
  const operands = childElements(product);
  const map = operands.find((operand) => operand.name === "mapResponse");
  const share = numberValue(operands.find((operand) => operand !== map));
  if (product.name !== "product" || operands.length !== 2 || !map?.attrs.identifier || childElements(map).length > 0 || share === undefined || share <= 0) return undefined;
  return [map.attrs.identifier, share];
}

function weightedGaps(rule: XmlElement): GapWeights | undefined {
  const sum = scoreExpression(rule);
  if (sum?.name !== "sum") return undefined;
  const gaps = childElements(sum).map(weightedGap);
  if (gaps.length === 0 || gaps.some((gap) => gap === undefined)) return undefined;
  const shares = new Map(gaps as [string, number][]);
  if (shares.size !== gaps.length) return undefined;
  return { kind: "gapWeights", weights: wholeWeights(shares) };
}

/**
 * The shares (our export writes each weight over their total) as weights again: the smallest
 * whole numbers in those proportions when there are some up to the largest weight (1, 2, 1
 * from 0.25, 0.5, 0.25; 2, 3 from 0.4, 0.6), else the proportions to the smallest share.
 */
export function wholeWeights(shares: Map<string, number>): Map<string, number> {
  const smallest = Math.min(...shares.values());
  const ratios = [...shares].map(([id, share]) => [id, share / smallest] as const);
  for (let times = 1; times <= MARKING_LIMITS.maxWeight; times++) {
    const scaled = ratios.map(([id, ratio]) => [id, ratio * times] as const);
    if (scaled.every(([, weight]) => Math.abs(weight - Math.round(weight)) < 1e-6 && Math.round(weight) <= MARKING_LIMITS.maxWeight)) return new Map(scaled.map(([id, weight]) => [id, Math.round(weight)]));
  }
  return new Map(ratios.map(([id, ratio]) => [id, Math.round(ratio * 10_000) / 10_000]));
}

/**
 * Whether a recognised processing scores this item's interactions: the tolerance chain the
 * one number text entry; the weighted sum every inline gap once (and nothing else).
 */
export function scoresItem(known: KnownProcessing, interactions: XmlElement[], baseTypeOf: (response: string) => string | undefined): boolean {
  const ids = interactions.map((interaction) => interaction.attrs.responseIdentifier ?? "");
  if (known.kind === "tolerance") {
    return interactions.length === 1 && interactions[0].name === "textEntryInteraction" && ids[0] === known.response && NUMBER_BASE_TYPES.has(baseTypeOf(ids[0]) ?? "");
  }
  const inline = interactions.every((interaction) => interaction.name === "textEntryInteraction" || interaction.name === "inlineChoiceInteraction");
  return inline && new Set(ids).size === ids.length && ids.length === known.weights.size && ids.every((id) => known.weights.has(id));
}
