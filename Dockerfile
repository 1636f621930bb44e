# syntax=docker/dockerfile:1
# Atende's production image (issue 35 item 2): built here, run as a non-root user. See README, Operations.

# ---- build: install everything, build kernel, SDK, plugins, shell and remotes with Nx ----
FROM node:22-bookworm-slim AS build
WORKDIR /app
ENV NX_DAEMON=false NX_NO_CLOUD=true CI=true
COPY . .
# Not `npm ci`: npm 11 rejects this lockfile's optional per-platform Nx binaries it did not record (tooling/lib/workspace.mjs).
RUN npm install --no-audit --no-fund \
 && npx nx run-many -t build --outputStyle=static \
 && test -f shell/dist/index.html && test -f core/server/dist/main.js

# ---- run: Node 22, pg_dump/pg_restore matching the compose PostgreSQL (for npm run backup), no build tools ----
FROM node:22-bookworm-slim AS run
ARG PG_MAJOR=18
RUN apt-get update \
 && apt-get install -y --no-install-recommends ca-certificates curl gnupg tini \
 && install -d /usr/share/postgresql-common/pgdg \
 && curl -fsSL -o /usr/share/postgresql-common/pgdg/apt.postgresql.org.asc https://www.postgresql.org/media/keys/ACCC4CF8.asc \
 && echo "deb [signed-by=/usr/share/postgresql-common/pgdg/apt.postgresql.org.asc] https://apt.postgresql.org/pub/repos/apt bookworm-pgdg main" > /etc/apt/sources.list.d/pgdg.list \
 && apt-get update \
 && apt-get install -y --no-install-recommends postgresql-client-${PG_MAJOR} \
 && apt-get purge -y gnupg curl && apt-get autoremove -y && rm -rf /var/lib/apt/lists/*
WORKDIR /app
ENV NODE_ENV=production PORT=8080 HOST=0.0.0.0 DATA_DIR=/data LOG_FORMAT=json
# The workspace as built (node_modules links the workspace packages; the shell and each plugin's remote under dist/).
# Owned by root, read-only to the runtime user: a compromised process cannot rewrite the code it runs.
COPY --from=build /app /app
RUN install -d -o node -g node -m 700 /data
USER node
VOLUME ["/data"]
EXPOSE 8080
# Liveness only: readiness (database, Redis, migrations, draining) is for the proxy, not for restarts.
HEALTHCHECK --interval=15s --timeout=3s --start-period=60s --retries=3 \
  CMD ["node", "-e", "fetch('http://127.0.0.1:'+(process.env.PORT||8080)+'/api/health/live').then(r=>process.exit(r.ok?0:1),()=>process.exit(1))"]
# tini forwards SIGTERM to Node, which drains (DRAIN_DELAY_MS) and closes sessions before exiting.
ENTRYPOINT ["/usr/bin/tini", "--"]
CMD ["node", "core/server/dist/main.js"]
