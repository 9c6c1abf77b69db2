import { z } from "zod";
import { isPlatformUrlAllowed } from "../platform-urls";

/** LTI Deep Linking 2.0 claim names. */
export const DEEP_LINKING_CLAIMS = {
  settings: "https://purl.imsglobal.org/spec/lti-dl/claim/deep_linking_settings",
  contentItems: "https://purl.imsglobal.org/spec/lti-dl/claim/content_items",
  data: "https://purl.imsglobal.org/spec/lti-dl/claim/data",
  messageType: "https://purl.imsglobal.org/spec/lti/claim/message_type",
  version: "https://purl.imsglobal.org/spec/lti/claim/version",
  deploymentId: "https://purl.imsglobal.org/spec/lti/claim/deployment_id",
} as const;

/**
 * The deep_linking_settings claim as we use it (Deep Linking 2.0 §4.4.1): where to return, and
 * that the platform takes an ltiResourceLink; `data` must come back as it was. The launch has
 * verified the id_token; this checks the claim is usable before a teacher picks anything.
 */
export function deepLinkingSettingsSchema(allowHttp: boolean) {
  return z.object({
    deep_link_return_url: z.string().max(2000).refine((url) => isPlatformUrlAllowed(url, allowHttp), "must be an https URL"),
    accept_types: z.array(z.string()).refine((types) => types.includes("ltiResourceLink"), "must accept ltiResourceLink"),
    accept_presentation_document_targets: z.array(z.string()).optional(),
    accept_multiple: z.boolean().optional(),
    auto_create: z.boolean().optional(),
    title: z.string().max(500).optional(),
    text: z.string().max(2000).optional(),
    data: z.string().max(4000).optional(),
  });
}
export type DeepLinkingSettings = z.infer<ReturnType<typeof deepLinkingSettingsSchema>>;
