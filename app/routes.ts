import { type RouteConfig, index, route } from "@react-router/dev/routes";

export default [
  index("routes/home.tsx"),
  route("login", "routes/login.tsx"),
  route("register", "routes/register.tsx"),
  route("logout", "routes/logout.tsx"),
  route("orders", "routes/orders.tsx"),
  route("admin", "routes/admin.tsx"),
  route("about", "routes/about.tsx"),
  route("policy/terms", "routes/policy.terms.tsx"),
  route("policy/privacy", "routes/policy.privacy.tsx"),
  route("policy/refund", "routes/policy.refund.tsx"),
  route("images/demo/:file", "routes/images.demo.$file.ts"),
  route("api/auth/me", "routes/api.auth.me.ts"),
  route("api/auth/login", "routes/api.auth.login.ts"),
  route("api/auth/register", "routes/api.auth.register.ts"),
  route("api/auth/logout", "routes/api.auth.logout.ts"),
  route("api/*", "routes/api.$.ts"),
  route("*", "routes/$.tsx"),
] satisfies RouteConfig;
