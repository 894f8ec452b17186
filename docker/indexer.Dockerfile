# syntax=docker/dockerfile:1
# indexer: the deployable bundle of `nx run indexer:bundle` (main.js, its source map, a package.json
# naming only what the app loads and a lockfile pruned to exactly that), installed alone.
# Build from the repository root:  docker build -f docker/indexer.Dockerfile -t perp-city/indexer .
# Migrate before starting new replicas:  docker run --rm <settings> perp-city/indexer node main.js migrate
# Run two or more replicas per chain: one writes (Postgres advisory lock), the others stand by.

FROM node:20-bookworm-slim AS build
WORKDIR /repo
COPY package.json package-lock.json ./
# `npm ci` refuses the root lockfile (README: "Why npm install --no-save"); this installs exactly
# the locked versions. No install scripts: the build needs no local Postgres or chain.
RUN npm install --no-save --no-audit --no-fund --ignore-scripts
COPY nx.json tsconfig.base.json jest.preset.js eslint.config.mjs ./
# The TypeScript runner (contracts' build-artifacts target, which the test helpers' imports pull into the graph) and the bundle step.
COPY tools/ts-register.js tools/tsconfig.json tools/
COPY tools/bundle tools/bundle
COPY libs libs
COPY apps/indexer apps/indexer
RUN NX_DAEMON=false NX_NO_CLOUD=true npx nx run indexer:bundle --skip-nx-cache

FROM node:20-bookworm-slim AS runtime
ENV NODE_ENV=production INDEXER_PORT=8002
WORKDIR /app
# Owned by root, read-only to the user the service runs as.
COPY --from=build /repo/dist/bundles/indexer/ ./
# The bundle's own pruned lockfile; its dependencies need no install scripts.
RUN npm ci --omit=dev --ignore-scripts --no-audit --no-fund && npm cache clean --force
USER node
EXPOSE 8002
# /health answers while the process serves; /ready (lag, standby, outages) is for the orchestrator's readiness probe.
HEALTHCHECK --interval=10s --timeout=3s --start-period=20s --retries=3 \
  CMD node -e "fetch('http://127.0.0.1:'+(process.env.INDEXER_PORT||8002)+'/health').then(r=>process.exit(r.ok?0:1),()=>process.exit(1))"
CMD ["node", "--enable-source-maps", "main.js"]
