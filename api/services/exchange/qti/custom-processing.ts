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
 *   RESPONSE_n, weight share)`, each gap's own mapping giving its credits; a number gap with a
 *   tolerance (ADR 0085, second addendum) is `product(variable GAP_n, share)` instead, GAP_n
 *   set before the sum by a tolerance chain as above (one tolerance for all its values).
 */
export type ToleranceKey = { kind: "tolerance"; response: string; answers: { value: number; tolerance: number; credit: number }[] };
/** A cloze number gap's values and credits with its one tolerance, by its response. */
export type GapTolerance = { tolerance: number; answers: { value: number; credit: number }[] };
export type GapWeights = { kind: "gapWeights"; weights: Map<string, number>; tolerances: Map<string, GapTolerance> };
export type KnownProcessing = ToleranceKey | GapWeights;

const NUMBER_BASE_TYPES = new Set(["float", "integer"]);

/** The processing's rules as one of the two shapes, or undefined when they are anything else. */
export function recogniseProcessing(processing: XmlElement): KnownProcessing | undefined {
  const rules = childElements(processing);
  if (rules.length === 0) return undefined;
  if (rules.length === 1) {
    const chain = toleranceChain(rules[0], "SCORE");
    return chain ? { kind: "tolerance", response: chain.response, answers: chain.answers } : weightedGaps(rules[0], new Map());
  }
  // A cloze whose number gaps have a tolerance: their chains (each its own outcome), then the sum.
  const gapChains = new Map<string, Chain>();
  for (const rule of rules.slice(0, -1)) {
    const chain = toleranceChain(rule);
    if (!chain || chain.outcome === "SCORE" || gapChains.has(chain.outcome)) return undefined;
    gapChains.set(chain.outcome, chain);
  }
  return weightedGaps(rules[rules.length - 1], gapChains);
}

/** A baseValue of a number type holding a finite number. */
function numberValue(element: XmlElement | undefined): number | undefined {
  if (!element || element.name !== "baseValue" || !NUMBER_BASE_TYPES.has(element.attrs.baseType ?? "") || childElements(element).length > 0) return undefined;
  const text = textOf(element).trim();
  const value = Number(text);
  return text !== "" && Number.isFinite(value) ? value : undefined;
}

/** `setOutcomeValue identifier="SCORE"` (or another outcome) around exactly one expression. */
function scoreExpression(rule: XmlElement, outcome = "SCORE"): XmlElement | undefined {
  const children = childElements(rule);
  return rule.name === "setOutcomeValue" && rule.attrs.identifier === outcome && children.length === 1 ? children[0] : undefined;
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
/** A tolerance chain: the response it compares, the outcome it sets, and each value's tolerance and credit. */
type Chain = { response: string; outcome: string; answers: { value: number; tolerance: number; credit: number }[] };

/** `equal(variable R, number)` (either order), then the outcome set to a number. */
function branchOf(branch: XmlElement, outcome: string): Branch | undefined {
  const [equal, set, ...rest] = childElements(branch);
  if (rest.length > 0 || equal?.name !== "equal" || !set) return undefined;
  const tolerance = absoluteTolerance(equal);
  const operands = childElements(equal);
  const variable = operands.find((operand) => operand.name === "variable");
  const value = numberValue(operands.find((operand) => operand !== variable));
  const score = numberValue(scoreExpression(set, outcome));
  if (operands.length !== 2 || !variable?.attrs.identifier || childElements(variable).length > 0 || tolerance === undefined || value === undefined || score === undefined) return undefined;
  return { response: variable.attrs.identifier, value, tolerance, score };
}

/** A chain setting `outcome` (when given; else whatever outcome its first branch sets, the same in every branch). */
function toleranceChain(rule: XmlElement, outcome?: string): Chain | undefined {
  const branches = childElements(rule);
  if (rule.name !== "responseCondition" || branches.length === 0) return undefined;
  if (branches.some((branch, i) => branch.name !== (i === 0 ? "responseIf" : "responseElseIf"))) return undefined;
  const sets = outcome ?? childElements(branches[0])[1]?.attrs.identifier;
  if (!sets) return undefined;
  const read = branches.map((branch) => branchOf(branch, sets));
  if (read.some((branch) => branch === undefined)) return undefined;
  const all = read as Branch[];
  if (all.some((branch) => branch.response !== all[0].response)) return undefined;
  // Credits as the mapping's are read: each positive score over the best one (ours writes 1 for full credit).
  const best = Math.max(0, ...all.map((branch) => branch.score));
  const answers = all.filter((branch) => branch.score > 0).map((branch) => ({ value: branch.value, tolerance: branch.tolerance, credit: Math.round((branch.score / best) * 10_000) / 100 }));
  return { response: all[0].response, outcome: sets, answers };
}

/** `product(mapResponse R, number)` or `product(variable GAP_n, number)` of a gap's chain (either order): R and its share. */
function weightedGap(product: XmlElement, gapChains: Map<string, Chain>): [string, number] | undefined {
  const operands = childElements(product);
  const term = operands.find((operand) => operand.name === "mapResponse" || operand.name === "variable");
  const share = numberValue(operands.find((operand) => operand !== term));
  if (product.name !== "product" || operands.length !== 2 || !term?.attrs.identifier || childElements(term).length > 0 || share === undefined || share <= 0) return undefined;
  if (term.name === "mapResponse") return [term.attrs.identifier, share];
  const chain = gapChains.get(term.attrs.identifier);
  return chain ? [chain.response, share] : undefined;
}

function weightedGaps(rule: XmlElement, gapChains: Map<string, Chain>): GapWeights | undefined {
  const sum = scoreExpression(rule);
  if (sum?.name !== "sum") return undefined;
  const gaps = childElements(sum).map((product) => weightedGap(product, gapChains));
  if (gaps.length === 0 || gaps.some((gap) => gap === undefined)) return undefined;
  const shares = new Map(gaps as [string, number][]);
  if (shares.size !== gaps.length) return undefined;
  const tolerances = new Map<string, GapTolerance>();
  for (const chain of gapChains.values()) {
    // A gap has one tolerance: a chain whose values differ in it is not ours.
    const tolerance = chain.answers[0]?.tolerance ?? 0;
    if (chain.answers.some((answer) => answer.tolerance !== tolerance) || tolerances.has(chain.response)) return undefined;
    tolerances.set(chain.response, { tolerance, answers: chain.answers.map(({ value, credit }) => ({ value, credit })) });
  }
  // Every chain is read by the sum (a chain whose outcome nothing reads is not ours either).
  const read = new Set(childElements(sum).flatMap((product) => childElements(product, "variable").map((variable) => variable.attrs.identifier)));
  if ([...gapChains.keys()].some((outcome) => !read.has(outcome))) return undefined;
  return { kind: "gapWeights", weights: wholeWeights(shares), tolerances };
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
  // A gap with a tolerance is a number text entry.
  const numberEntries = new Set(ids.filter((id, i) => interactions[i].name === "textEntryInteraction" && NUMBER_BASE_TYPES.has(baseTypeOf(id) ?? "")));
  const tolerancesFit = [...known.tolerances.keys()].every((id) => numberEntries.has(id));
  return inline && tolerancesFit && new Set(ids).size === ids.length && ids.length === known.weights.size && ids.every((id) => known.weights.has(id));
}
