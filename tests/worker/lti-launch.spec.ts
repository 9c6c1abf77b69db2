import { ltiLaunchSmoke } from "../runtime-lti-launch";

// Issue 29 point 6 (ADR 0087): one LTI 1.3 launch on Workers, the Worker fetching the LMS
// stand-in's JWKS and verifying the id_token with jose on Web Crypto. The steps are shared with
// the Deno smoke (tests/runtime-lti-launch.ts); the stand-in listens on WORKER_PORT + 1.
ltiLaunchSmoke({ tag: "worker", name: "Workers", port: Number(process.env.WORKER_PORT ?? 8787) });
