# syntax=docker/dockerfile:1
# Two stages: build with dev dependencies, run with production dependencies and the built output only.
# Both stages run Node 24 LTS, the production runtime; development and CI run the Node .nvmrc names, the
# oldest supported (README, "Node.js versions").

FROM node:24-slim AS build
WORKDIR /app
COPY package.json package-lock.json ./
RUN npm ci --no-audit --no-fund
COPY tsconfig.json build.mjs ./
COPY scripts/lib/build-freshness.mjs ./scripts/lib/
COPY server ./server
COPY client ./client
COPY shared ./shared
RUN node build.mjs

FROM node:24-slim AS runtime
# SITE_URL must be set (docker run -e SITE_URL=https://… or compose) when BACKEND_URL is: in production
# the process refuses to start without it rather than write localhost into canonical links, hreflang,
# the sitemap and RSS. Without BACKEND_URL the image serves the embedded demo on http://localhost:$PORT.
# The image runs dist/ directly and holds no sources: there is nothing to rebuild it from.
ENV NODE_ENV=production \
    PORT=3000 \
    HOST=0.0.0.0
# Two glibc malloc arenas instead of up to eight per core: every thread (libuv's pool compressing pages,
# the rich-text sanitiser's worker) otherwise gets an arena of its own that keeps its busiest moment, and
# the sanitiser's memory is not given back when its idle worker ends (`npm run bench:server-memory`
# compares; docs/operations.md, "Memory"). glibc reads it at process start, so it is set here, not in the
# code; the measuring scripts (npm run soak, npm run bench) read this line and give the server the same.
ENV MALLOC_ARENA_MAX=2
WORKDIR /app
COPY package.json package-lock.json ./
RUN npm ci --omit=dev --no-audit --no-fund && npm cache clean --force
COPY --from=build /app/dist ./dist
COPY content ./content
COPY public ./public
# The image endpoint's variants (IMAGE_CACHE_DIR in deploy/docker-compose.yml): a volume mounted here
# takes this directory's owner, so the unprivileged user can write it.
RUN mkdir -p /var/cache/site-images && chown node:node /var/cache/site-images
USER node
EXPOSE 3000
# The metrics listener (METRICS_PORT: /metrics and the detailed /healthz) binds loopback unless told
# otherwise; in a container that would hide it from the Prometheus beside it. The container's interfaces
# are its own network: the port is reached only where compose or a cluster lets it (no ports: entry,
# no Service), never from the public.
ENV METRICS_HOST=0.0.0.0
# Liveness from the public port: its status code says whether the process answers (no details there).
HEALTHCHECK --interval=30s --timeout=3s --start-period=10s --retries=3 \
  CMD ["node", "-e", "fetch('http://127.0.0.1:'+(process.env.PORT||3000)+'/healthz').then(r=>process.exit(r.ok?0:1),()=>process.exit(1))"]
# Exec form: node is PID 1's child-free process and receives SIGTERM directly for a graceful stop.
# The heap flags bound the young generation and the old space, which V8 otherwise grows freely (`npm run
# bench:memory` measures them); `npm start` and `npm run bench` run the server with the same flags. A 4 MB
# semi-space rather than 8 keeps about 20 MB less under load for some 5-10 % more CPU per cold render
# (docs/performance.md, "Soak test"): a replica's memory is what its container's limit counts.
CMD ["node", "--max-semi-space-size=4", "--max-old-space-size=256", "dist/server/index.js"]
