// The bare React Router app's server: React Router's node-custom-server template (Express,
// compression, @react-router/express), with the shop's compression settings so that both answer
// in the same encoding at the same cost. `node server.mjs <build dir> <port>`.
import { constants } from "node:zlib";
import { createRequestHandler } from "@react-router/express";
import compression from "compression";
import express from "express";

const [buildDir, port] = process.argv.slice(2);
const build = await import(`${buildDir}/server/index.js`);
const app = express();
app.disable("x-powered-by");
app.use(compression({ threshold: 1024, brotli: { params: { [constants.BROTLI_PARAM_QUALITY]: 5 } } }));
app.use("/assets", express.static(`${buildDir}/client/assets`, { immutable: true, maxAge: "1y" }));
app.all("*splat", createRequestHandler({ build, mode: "production" }));
app.listen(Number(port), "127.0.0.1", () => console.log(`bare app on ${port}`));
