import { z } from "zod";

/**
 * The claims of an LTI 1.3 id_token this tool reads (LTI Core 1.3 §5, Deep Linking 2.0 §4.4,
 * AGS 2.0 §3.1, NRPS 2.0 §3.6.1), by their IMS URIs. The payload is parsed with the schema
 * below only after its signature and registered claims are verified (verify-id-token.ts).
 */
export const LTI_CLAIM = {
  messageType: "https://purl.imsglobal.org/spec/lti/claim/message_type",
  version: "https://purl.imsglobal.org/spec/lti/claim/version",
  deploymentId: "https://purl.imsglobal.org/spec/lti/claim/deployment_id",
  targetLinkUri: "https://purl.imsglobal.org/spec/lti/claim/target_link_uri",
  resourceLink: "https://purl.imsglobal.org/spec/lti/claim/resource_link",
  roles: "https://purl.imsglobal.org/spec/lti/claim/roles",
  context: "https://purl.imsglobal.org/spec/lti/claim/context",
  custom: "https://purl.imsglobal.org/spec/lti/claim/custom",
  launchPresentation: "https://purl.imsglobal.org/spec/lti/claim/launch_presentation",
  deepLinkingSettings: "https://purl.imsglobal.org/spec/lti-dl/claim/deep_linking_settings",
  agsEndpoint: "https://purl.imsglobal.org/spec/lti-ags/claim/endpoint",
  nrpsService: "https://purl.imsglobal.org/spec/lti-nrps/claim/namesroleservice",
} as const;

export const LTI_VERSION = "1.3.0";
export const RESOURCE_LINK_REQUEST = "LtiResourceLinkRequest";
export const DEEP_LINKING_REQUEST = "LtiDeepLinkingRequest";
export const LTI_MESSAGE_TYPES = [RESOURCE_LINK_REQUEST, DEEP_LINKING_REQUEST] as const;

const text = (max: number) => z.string().min(1).max(max);

/** The custom claim: string values (LTI Core §5.4.6); the one we read names the quiz. */
export const QUIZ_ID_CUSTOM_PARAMETER = "quiz_id";

export const DeepLinkingSettings = z
  .object({
    deep_link_return_url: z.url().max(2000),
    accept_types: z.array(z.string().max(100)).max(20),
    accept_presentation_document_targets: z.array(z.string().max(50)).max(10),
    accept_media_types: z.string().max(500).optional(),
    accept_multiple: z.boolean().optional(),
    accept_lineitem: z.boolean().optional(),
    auto_create: z.boolean().optional(),
    title: z.string().max(500).optional(),
    text: z.string().max(2000).optional(),
    data: z.string().max(4000).optional(),
  })
  .loose();
export type DeepLinkingSettings = z.infer<typeof DeepLinkingSettings>;

/** The LTI claims every message we accept carries, and the optional ones we use. */
export const LtiClaims = z.object({
  sub: text(255),
  name: z.string().max(200).optional(),
  given_name: z.string().max(100).optional(),
  family_name: z.string().max(100).optional(),
  email: z.string().max(254).optional(),
  locale: z.string().max(20).optional(),
  [LTI_CLAIM.messageType]: z.enum(LTI_MESSAGE_TYPES),
  [LTI_CLAIM.version]: z.literal(LTI_VERSION),
  [LTI_CLAIM.deploymentId]: text(255),
  [LTI_CLAIM.targetLinkUri]: z.string().max(2000).optional(),
  [LTI_CLAIM.roles]: z.array(z.string().max(500)).max(100),
  [LTI_CLAIM.resourceLink]: z.object({ id: text(255), title: z.string().max(500).optional() }).loose().optional(),
  [LTI_CLAIM.context]: z.object({ id: text(255), label: z.string().max(255).optional(), title: z.string().max(500).optional() }).loose().optional(),
  [LTI_CLAIM.custom]: z.record(z.string(), z.unknown()).optional(),
  [LTI_CLAIM.launchPresentation]: z.object({ document_target: z.string().max(20).optional(), locale: z.string().max(20).optional() }).loose().optional(),
  [LTI_CLAIM.deepLinkingSettings]: DeepLinkingSettings.optional(),
  [LTI_CLAIM.agsEndpoint]: z
    .object({ scope: z.array(z.string().max(200)).max(10).optional(), lineitems: z.url().max(2000).optional(), lineitem: z.url().max(2000).optional() })
    .loose()
    .optional(),
  [LTI_CLAIM.nrpsService]: z.object({ context_memberships_url: z.url().max(2000) }).loose().optional(),
});
export type LtiClaims = z.infer<typeof LtiClaims>;

/**
 * Role URIs (LTI Core 1.3 Appendix A) that make a Teacher: an Instructor or Administrator of
 * the context, or of the institution or system. Everything else (Learner, Mentor, none) is a
 * Student. Sub-roles (`membership/Instructor#TeachingAssistant`) are not principal roles and
 * are not promoted: the LMS says Instructor when it means one.
 */
const TEACHER_ROLES = new Set([
  "http://purl.imsglobal.org/vocab/lis/v2/membership#Instructor",
  "http://purl.imsglobal.org/vocab/lis/v2/membership#Administrator",
  "http://purl.imsglobal.org/vocab/lis/v2/institution/person#Instructor",
  "http://purl.imsglobal.org/vocab/lis/v2/institution/person#Faculty",
  "http://purl.imsglobal.org/vocab/lis/v2/institution/person#Administrator",
  "http://purl.imsglobal.org/vocab/lis/v2/system/person#Administrator",
  "http://purl.imsglobal.org/vocab/lis/v2/system/person#SysAdmin",
  // Deprecated simple names, still sent for context roles by some platforms (LTI Core A.2.3).
  "Instructor",
  "Administrator",
]);

export function isTeacherRole(roles: readonly string[]): boolean {
  return roles.some((role) => TEACHER_ROLES.has(role));
}
