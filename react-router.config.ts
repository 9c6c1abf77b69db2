import type { Config } from "@react-router/dev/config";

export default {
  appDirectory: "app",
  basename: "/quiz",
  ssr: true,
} satisfies Config;
