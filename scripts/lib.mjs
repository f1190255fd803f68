// Shared helpers of the project's scripts: run a command with the project's own Node first on PATH.
import { spawnSync } from "node:child_process";
import fs from "node:fs";
import path from "node:path";

export const root = path.resolve(import.meta.dirname, "..");
export const bin = path.join(root, "node_modules", ".bin");

export function env(extra = {}) {
  return { ...process.env, PATH: `${bin}${path.delimiter}${process.env.PATH}`, ...extra };
}

/** Runs a command in the project root; exits the script with its status when it fails. */
export function run(command, args, options = {}) {
  const result = spawnSync(command, args, { cwd: root, stdio: "inherit", env: env(options.env), shell: false });
  if (result.status !== 0 && !options.allowFailure) {
    console.error(`\n${command} ${args.join(" ")} failed (exit ${result.status ?? result.signal})`);
    process.exit(result.status ?? 1);
  }
  return result.status ?? 1;
}

/** Newest modification time of the files under the given paths. */
export function newestMtime(paths) {
  let newest = 0;
  const visit = (p) => {
    if (!fs.existsSync(p)) {
      return;
    }
    const stat = fs.statSync(p);
    if (stat.isDirectory()) {
      for (const entry of fs.readdirSync(p)) {
        if (entry !== "node_modules" && entry !== "generated") {
          visit(path.join(p, entry));
        }
      }
    } else {
      newest = Math.max(newest, stat.mtimeMs);
    }
  };
  paths.forEach((p) => visit(path.join(root, p)));
  return newest;
}

export function mtime(file) {
  const p = path.join(root, file);
  return fs.existsSync(p) ? fs.statSync(p).mtimeMs : 0;
}
