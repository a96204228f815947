# syntax=docker/dockerfile:1
# The comparison-data service as an image: the build pipeline runs in the first stages,
# the last stage holds only the bundled runtime, its two lazily loaded dependencies'
# production install and the built dist/ (docs/deploy.md "Container").
#
#   docker build -t comparison-data --build-arg BASE_URL=https://data.example.org .
#   docker run -p 8080:8080 comparison-data
#
# NODE_VERSION: a Node.js LTS line (the code needs Node >= 24, package.json "engines" and .nvmrc).
ARG NODE_VERSION=24

# ---- build: sources/ -> dist/, runtime/ -> build/runtime/ ----
FROM node:${NODE_VERSION}-bookworm-slim AS build
WORKDIR /app
# git reads the sources' history (docs/history.md); without .git in the context the build
# says so and publishes the current state only
RUN apt-get update \
 && apt-get install -y --no-install-recommends git ca-certificates \
 && rm -rf /var/lib/apt/lists/*
COPY package.json package-lock.json ./
RUN npm ci --no-audit --no-fund
COPY . .
# the public address written into the build (links, manifests, OpenAPI servers, sitemap)
ARG BASE_URL=http://localhost:8080
# evaluation date of the freshness flags, seconds since 1970 (empty: the build's day)
ARG SOURCE_DATE_EPOCH=
RUN git config --global --add safe.directory /app \
 && BASE_URL="$BASE_URL" SOURCE_DATE_EPOCH="$SOURCE_DATE_EPOCH" HISTORY_CACHE_DIR=none npm run build \
 && npm run build:runtime \
 && cp -rL dist /app/dist-image

# ---- production dependencies only (ioredis and prom-client are loaded from node_modules) ----
FROM node:${NODE_VERSION}-bookworm-slim AS deps
WORKDIR /app
COPY package.json package-lock.json ./
RUN npm ci --omit=dev --ignore-scripts --no-audit --no-fund

# ---- runtime: serves dist/ as a non-root user ----
FROM node:${NODE_VERSION}-bookworm-slim AS runtime
ENV NODE_ENV=production \
    HOST=0.0.0.0 \
    PORT=8080
WORKDIR /app
COPY --from=deps /app/node_modules ./node_modules
COPY --from=build /app/package.json ./package.json
COPY --from=build /app/build/runtime ./build/runtime
COPY --from=build /app/dist-image ./dist
# the official node images carry an unprivileged user "node" (uid 1000); the files stay root's, read-only to it
USER node
EXPOSE 8080
HEALTHCHECK --interval=30s --timeout=3s --start-period=10s --retries=3 \
  CMD ["node", "-e", "fetch('http://127.0.0.1:' + (process.env.PORT || 8080) + '/healthz').then((r) => process.exit(r.ok ? 0 : 1), () => process.exit(1))"]
# the flags of `npm start` (package.json); SIGTERM finishes accepted requests, SIGHUP reloads dist/
CMD ["node", "--max-semi-space-size=2", "--single-threaded-gc", "build/runtime/main.js", "--dist", "dist"]
