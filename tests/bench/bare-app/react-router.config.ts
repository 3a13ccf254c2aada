import type { Config } from "@react-router/dev/config";

// The framework's defaults, built beside the bench's other output (git-ignored).
export default { ssr: true, buildDirectory: "../../../.bench/bare-app" } satisfies Config;
