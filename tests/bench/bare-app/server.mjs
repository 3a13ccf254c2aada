// The bare React Router app's server: React Router's node-custom-server template (Express,
// compression, @react-router/express), with the shop's compression settings so that both answer
// in the same encoding at the same cost. `node server.mjs <build dir> <port>`.
import { constants } from "node:zlib";
import { createRequestHandler } from "@react-router/express";
import compression from "compression";
import express from "express";
import sharp from "sharp";

const [buildDir, port] = process.argv.slice(2);
const build = await import(`${buildDir}/server/index.js`);
const app = express();
app.disable("x-powered-by");
app.use(compression({ threshold: 1024, brotli: { params: { [constants.BROTLI_PARAM_QUALITY]: 5 } } }));
app.use("/assets", express.static(`${buildDir}/client/assets`, { immutable: true, maxAge: "1y" }));
// The cards' pictures: one small WebP drawn at start, so that under Lighthouse the bare page loads
// its twelve pictures as the shop's /shop does, instead of asking the router for them (404s).
const picture = await sharp({ create: { width: 320, height: 320, channels: 3, background: "#e8d5b7" } })
  .webp()
  .toBuffer();
app.get("/images/demo/:file", (_req, res) => {
  res.type("image/webp").set("Cache-Control", "public, max-age=31536000, immutable").send(picture);
});
// Browsers ask for it; without a route the router logs a 404 with its stack on every run.
app.get("/favicon.ico", (_req, res) => res.status(204).end());
app.all("*splat", createRequestHandler({ build, mode: "production" }));
app.listen(Number(port), "127.0.0.1", () => console.log(`bare app on ${port}`));
