import type { AppServices } from "../../core/app-services";
import { type LinkChoice, signLinkChoice } from "./token";

/** The chooser's address for a token (under the app's basename). */
export const linkChooserPath = (token: string) => `/quiz/teacher/lti/link/${token}`;

/**
 * An instructor's launch of a resource link that opens no quiz (a link made in the LMS without
 * deep linking): instead of a dead end, the path of a chooser where they pick the quiz the link
 * opens from now on (chooser.ts). A learner's launch never comes here: they get "not set up yet".
 */
export async function startLinkChoice(services: AppServices, choice: LinkChoice): Promise<string> {
  return linkChooserPath(await signLinkChoice(services.config, choice, services.now()));
}
