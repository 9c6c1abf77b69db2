import { existsSync, readFileSync, statSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import routes from "../routes";
import { NAMESPACES, ROUTE_NAMESPACES } from "./resources";

/**
 * Page namespaces (ROUTE_NAMESPACES) are not in the browser's message chunk: a page that
 * shows one of their texts without its route (or a parent route) handing the namespace over
 * shows the raw key instead, in the browser only (the server has every message). This reads
 * the code: for each route module of app/routes.ts, the app files it imports (statically or
 * lazily, transitively), the namespaces those files translate with, and the namespaces the
 * route chain sends (`routeMessages(request, …)` in a loader, `useRouteMessages` in its view).
 */
const appDir = path.resolve(import.meta.dirname, "..");
const ALWAYS_LOADED = new Set<string>(NAMESPACES.filter((namespace) => !(ROUTE_NAMESPACES as readonly string[]).includes(namespace)));
const NAMESPACE_NAMES = new Set<string>(NAMESPACES);

interface RouteNode {
  id?: string;
  file: string;
  children?: RouteNode[];
}

function resolveImport(from: string, specifier: string): string | null {
  if (!specifier.startsWith(".")) return null;
  const base = path.resolve(path.dirname(from), specifier);
  for (const candidate of [base, `${base}.ts`, `${base}.tsx`, path.join(base, "index.ts"), path.join(base, "index.tsx")]) {
    if (existsSync(candidate) && statSync(candidate).isFile()) return candidate;
  }
  return null;
}

const closures = new Map<string, Set<string>>();
/** The module and every app module it imports (type-only imports and JSON aside). */
function importClosure(file: string, seen = new Set<string>()): Set<string> {
  if (seen.has(file) || !file.startsWith(appDir)) return seen;
  seen.add(file);
  const source = readFileSync(file, "utf8");
  for (const match of source.matchAll(/^\s*(?:import|export)\s+(type\s+)?[^;]*?from\s+["']([^"']+)["']|import\(\s*["']([^"']+)["']\s*\)/gm)) {
    if (match[1]) continue;
    const resolved = resolveImport(file, match[2] ?? match[3]);
    if (resolved && /\.tsx?$/.test(resolved)) importClosure(resolved, seen);
  }
  return seen;
}
function closureOf(file: string): Set<string> {
  if (!closures.has(file)) closures.set(file, importClosure(file));
  return closures.get(file)!;
}

/** Namespaces a browser module translates with: useTranslation's arguments and "ns:key" literals. */
function namespacesUsed(file: string): Set<string> {
  const source = readFileSync(file, "utf8");
  const used = new Set<string>();
  for (const match of source.matchAll(/useTranslation\(([^)]*)\)/g)) {
    const named = [...match[1].matchAll(/["'](\w+)["']/g)].map((name) => name[1]);
    for (const namespace of named.length ? named : ["common"]) used.add(namespace);
  }
  for (const match of source.matchAll(/["'`](\w+):[\w$]/g)) if (NAMESPACE_NAMES.has(match[1])) used.add(match[1]);
  // A whole word: `shuffleQuestions: "No"` ends in "ns:" too.
  for (const match of source.matchAll(/\bns:\s*["'](\w+)["']/g)) used.add(match[1]);
  return used;
}

/** Namespaces a route module sends with its data and puts into i18next before rendering. */
function namespacesSent(file: string): Set<string> {
  const files = [...closureOf(file)];
  const sources = files.map((module) => readFileSync(module, "utf8"));
  const sent = new Set<string>();
  if (!sources.some((source) => source.includes("useRouteMessages("))) return sent;
  for (const source of sources) {
    for (const match of source.matchAll(/routeMessages\(\s*request\s*((?:,\s*["']\w+["']\s*)*)\)/g)) {
      for (const name of match[1].matchAll(/["'](\w+)["']/g)) sent.add(name[1]);
    }
  }
  return sent;
}

function* walk(nodes: RouteNode[], inherited: Set<string>): Generator<{ route: RouteNode; missing: string[] }> {
  for (const route of nodes) {
    const file = path.join(appDir, route.file);
    const available = new Set([...inherited, ...namespacesSent(file)]);
    const used = new Set<string>();
    for (const module of closureOf(file)) {
      if (module.endsWith(".server.ts") || module.endsWith(".test.ts")) continue;
      for (const namespace of namespacesUsed(module)) used.add(namespace);
    }
    yield { route, missing: [...used].filter((namespace) => !available.has(namespace)).sort() };
    yield* walk(route.children ?? [], available);
  }
}

describe("page namespaces reach every page that shows them", () => {
  const checked = [...walk(routes as RouteNode[], ALWAYS_LOADED)];

  it("reads the whole route tree", () => {
    expect(checked.length).toBeGreaterThan(60);
    expect(checked.some(({ route }) => route.file === "routes/student/take-quiz.tsx")).toBe(true);
  });

  it("every namespace a route's modules translate with is in the browser chunk or sent by the route or a parent", () => {
    const gaps = checked.filter(({ missing }) => missing.length).map(({ route, missing }) => `${route.id ?? route.file}: ${missing.join(", ")}`);
    expect(gaps).toEqual([]);
  });

  it("the exam page's chunk carries only what every page needs", () => {
    expect([...ALWAYS_LOADED]).toEqual(["common"]);
  });
});
