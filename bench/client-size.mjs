#!/usr/bin/env node
// The JavaScript a first visit to the landing page downloads, gzipped, from the Vite manifest: the
// entry chunk, the landing page's lazy chunk, and everything they import statically; and the bytes the
// server really sends for them (the build's brotli and gzip copies) against the files uncompressed. Compared with
// the 150 KB budget and with the whole client (every chunk), measured in the same build.
import fs from "node:fs";
import path from "node:path";
import zlib from "node:zlib";
import { root } from "./lib.mjs";

const BUDGET_KB = 150;
const dist = path.join(root, "dist", "client");
const manifest = JSON.parse(fs.readFileSync(path.join(dist, ".vite", "manifest.json"), "utf8"));
const gz = (file) => zlib.gzipSync(fs.readFileSync(path.join(dist, file)), { level: 9 }).length;
const raw = (file) => fs.statSync(path.join(dist, file)).size;
/** The bytes the server sends for a file: the build's .br (or .gz) copy when there is one, else the file. */
const wire = (file, ending) => {
  const copy = path.join(dist, `${file}.${ending}`);
  return fs.existsSync(copy) ? fs.statSync(copy).size : raw(file);
};

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
const sum = (files, size) => files.reduce((total, file) => total + size(file), 0);
const landingFiles = landingKeys.map((key) => manifest[key].file);
const allFiles = allJs.map((f) => path.join("assets", f));
console.log("\nbytes on the wire (what the server sends: the build's precompressed copies)");
for (const [label, files] of [
  ["landing page", landingFiles],
  ["whole client", allFiles],
]) {
  const plain = sum(files, raw);
  const brotli = sum(files, (file) => wire(file, "br"));
  const gzip = sum(files, (file) => wire(file, "gz"));
  console.log(
    `${label.padEnd(20)} uncompressed ${kb(plain)} KB, brotli ${kb(brotli)} KB (${(brotli / plain).toFixed(2)}x), gzip ${kb(gzip)} KB (${(gzip / plain).toFixed(2)}x)`,
  );
}
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
