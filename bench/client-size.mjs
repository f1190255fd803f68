#!/usr/bin/env node
// The JavaScript a first visit to the landing page downloads, gzipped, from the Vite manifest: the
// entry chunk, the landing page's lazy chunk, and everything they import statically. Compared with
// the 150 KB budget and with the whole client (every chunk), measured in the same build.
import fs from "node:fs";
import path from "node:path";
import zlib from "node:zlib";
import { root } from "./lib.mjs";

const BUDGET_KB = 150;
const dist = path.join(root, "dist", "client");
const manifest = JSON.parse(fs.readFileSync(path.join(dist, ".vite", "manifest.json"), "utf8"));
const gz = (file) => zlib.gzipSync(fs.readFileSync(path.join(dist, file)), { level: 9 }).length;

function closure(keys) {
  const seen = new Set();
  const visit = (key) => {
    if (seen.has(key)) {
      return;
    }
    seen.add(key);
    for (const dep of manifest[key]?.imports ?? []) {
      visit(dep);
    }
  };
  keys.forEach(visit);
  return [...seen].filter((key) => manifest[key]?.file?.endsWith(".js"));
}

const entry = Object.keys(manifest).find((key) => manifest[key].isEntry);
const landing = Object.keys(manifest).find((key) => key.endsWith("features/public/pages/LandingPage.tsx"));
if (!entry || !landing) {
  throw new Error("entry or landing page chunk not found in the manifest: run the client build first");
}
const landingKeys = closure([entry, landing]);
const landingBytes = landingKeys.reduce((sum, key) => sum + gz(manifest[key].file), 0);
const allJs = fs.readdirSync(path.join(dist, "assets")).filter((f) => f.endsWith(".js"));
const allBytes = allJs.reduce((sum, f) => sum + gz(path.join("assets", f)), 0);
const adminInLanding = landingKeys.filter((key) => /admin|teacher/i.test(key));

const kb = (bytes) => (bytes / 1024).toFixed(1);
console.log("\nlanding page JavaScript (gzip -9)");
console.log(`chunks loaded        ${landingKeys.length}`);
console.log(`landing page         ${kb(landingBytes)} KB`);
console.log(
  `budget               ${BUDGET_KB} KB   (landing / budget = ${(landingBytes / 1024 / BUDGET_KB).toFixed(2)}x)`,
);
console.log(
  `whole client         ${kb(allBytes)} KB in ${allJs.length} chunks   (landing / whole = ${(landingBytes / allBytes).toFixed(2)}x)`,
);
console.log(`admin/teacher chunks in the landing page: ${adminInLanding.length ? adminInLanding.join(", ") : "none"}`);
if (landingBytes / 1024 > BUDGET_KB) {
  process.exitCode = 1;
}
