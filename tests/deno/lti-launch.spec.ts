import { ltiLaunchSmoke } from "../runtime-lti-launch";

// Issue 29 point 6 (ADR 0087): one LTI 1.3 launch on the Deno entry, Deno's fetch reaching the
// LMS stand-in's JWKS and jose verifying the id_token on Deno's Web Crypto. The steps are shared
// with the Worker smoke (tests/runtime-lti-launch.ts); the stand-in listens on DENO_PORT + 1.
ltiLaunchSmoke({ tag: "deno", name: "Deno", port: Number(process.env.DENO_PORT ?? 8000) });
