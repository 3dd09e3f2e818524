# Junction in one container: API, engine and editor on SQLite in the /data volume.
# Build: docker build -t junction .   Run: docker run -p 5000:5000 -v junction-data:/data junction
# Scale-out (PostgreSQL, Redis, API + workers): see compose.yaml.

# --- build: install everything with the lock file and build every package (web into web/dist)
FROM node:22-bookworm-slim AS build
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
# The runtime stage takes the built files from here and its dependencies from `deps`.
RUN rm -rf node_modules */node_modules

# --- deps: production dependencies only (the web app's libraries, TypeScript, test and build
# tools are devDependencies: the editor is prebuilt into web/dist)
FROM node:22-bookworm-slim AS deps
WORKDIR /app
RUN apt-get update && apt-get install -y --no-install-recommends python3 make g++ && rm -rf /var/lib/apt/lists/*
COPY package.json package-lock.json ./
COPY api-spec/package.json api-spec/
COPY core/package.json core/
COPY server/package.json server/
COPY web/package.json web/
COPY scripts/package.json scripts/
COPY scripts/bin scripts/bin
COPY scripts/build-if-stale.mjs scripts/
COPY test/package.json test/
ENV JUNCTION_SKIP_BUILD=1
RUN npm install --omit=dev --no-audit --no-fund
# Native build leftovers of better-sqlite3 (object files, sources) and TypeScript, an optional
# peer of mobx-state-tree's type helpers that npm keeps: neither is loaded at run time.
RUN rm -rf node_modules/typescript node_modules/better-sqlite3/deps node_modules/better-sqlite3/src node_modules/better-sqlite3/build/Release/obj node_modules/better-sqlite3/build/Release/obj.target node_modules/better-sqlite3/build/deps

# --- run: the built app as the unprivileged `node` user, under tini (the sandbox starts child
# processes: tini reaps them and passes SIGTERM on)
FROM node:22-bookworm-slim
RUN apt-get update && apt-get install -y --no-install-recommends tini && rm -rf /var/lib/apt/lists/*
ENV NODE_ENV=production HOST=0.0.0.0 PORT=5000 DATA_DIR=/data
WORKDIR /app
COPY --from=build --chown=node:node /app /app
COPY --from=deps --chown=node:node /app/node_modules /app/node_modules
RUN mkdir -p /data && chown node:node /data && chmod 700 /data
USER node
VOLUME ["/data"]
EXPOSE 5000
HEALTHCHECK --interval=30s --timeout=5s --start-period=30s --retries=3 CMD ["node", "-e", "fetch('http://127.0.0.1:' + (process.env.PORT || 5000) + '/api/health/ready').then((r) => process.exit(r.ok ? 0 : 1), () => process.exit(1))"]
ENTRYPOINT ["/usr/bin/tini", "--"]
CMD ["node", "server/dist/main.js"]
