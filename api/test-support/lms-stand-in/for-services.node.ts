import type { AppServices } from "../../services/core/app-services";
import { publishedKeySet } from "../../services/lti/tool-keys";
import { type LmsStandIn, type LmsStandInOptions, startLmsStandIn } from "./index.node";

/**
 * The stand-in for a unit test, where no tool server is on the network: the tool is the
 * services' app URL, and the key set the stand-in checks our signatures with is the one their
 * database publishes at their clock (the clock the services side's token check uses too).
 */
export function startLmsStandInFor(services: AppServices, options: Omit<LmsStandInOptions, "toolUrl" | "toolKeySet"> = {}): Promise<LmsStandIn> {
  return startLmsStandIn({
    ...options,
    toolUrl: services.config.appUrl,
    toolKeySet: () => publishedKeySet(services.db, services.now()),
    services: { now: () => services.now(), ...options.services },
  });
}
