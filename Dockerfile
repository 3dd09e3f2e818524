# Junction in one container: API, engine and editor on SQLite in the /data volume.
# Build: docker build -t junction .   Run: docker run -p 5000:5000 -v junction-data:/data junction
# Scale-out (PostgreSQL, Redis, API + workers): see compose.yaml.

# --- build: install with the lock file, build every package, keep production dependencies only
FROM node:20-bookworm-slim AS build
WORKDIR /app
# better-sqlite3 compiles from source when no prebuilt binary can be downloaded.
RUN apt-get update && apt-get install -y --no-install-recommends python3 make g++ && rm -rf /var/lib/apt/lists/*
COPY package.json package-lock.json ./
COPY api-spec/package.json api-spec/
COPY core/package.json core/
COPY server/package.json server/
COPY web/package.json web/
COPY scripts/package.json scripts/
COPY scripts/bin scripts/bin
# npm install runs the root `prepare` script (it skips the build while JUNCTION_SKIP_BUILD=1).
COPY scripts/build-if-stale.mjs scripts/
COPY test/package.json test/
ENV JUNCTION_SKIP_BUILD=1
RUN npm install --no-audit --no-fund
COPY . .
RUN npm run build
RUN npm prune --omit=dev --no-audit --no-fund

# --- run: the built app as the unprivileged `node` user
FROM node:20-bookworm-slim
ENV NODE_ENV=production HOST=0.0.0.0 PORT=5000 DATA_DIR=/data
WORKDIR /app
COPY --from=build --chown=node:node /app /app
RUN mkdir -p /data && chown node:node /data
USER node
VOLUME ["/data"]
EXPOSE 5000
HEALTHCHECK --interval=30s --timeout=5s --start-period=30s --retries=3 CMD ["node", "-e", "fetch('http://127.0.0.1:' + (process.env.PORT || 5000) + '/api/health/ready').then((r) => process.exit(r.ok ? 0 : 1), () => process.exit(1))"]
CMD ["node", "server/dist/main.js"]
