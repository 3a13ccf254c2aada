import { type RouteConfig, route } from "@react-router/dev/routes";

export default [route("shop", "routes/shop.tsx")] satisfies RouteConfig;
