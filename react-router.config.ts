import type { Config } from "@react-router/dev/config";

export default {
  appDirectory: "app",
  basename: "/quiz",
  ssr: true,
  // The Worker build (vite.worker.config.ts) writes elsewhere so the two builds never
  // overwrite each other: React Router empties its build directory before building.
  buildDirectory: process.env.REACT_ROUTER_BUILD_DIRECTORY ?? "build",
} satisfies Config;
