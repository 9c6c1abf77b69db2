/** `node --import` this: the process answers `*.localhost` as loopback (localhost-names.node.ts). */
import { resolveLocalhostNames } from "./localhost-names.node.ts";

resolveLocalhostNames();
