import path from "node:path";

// server/src/config and dist/server/config are both three levels below the project root.
export const PROJECT_ROOT = path.resolve(import.meta.dirname, "../../..");
export const CLIENT_DIST_DIR = path.join(PROJECT_ROOT, "dist", "client");
