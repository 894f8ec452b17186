# syntax=docker/dockerfile:1
# beacon-ops: build only this app, ship only its production dependencies.
# Build from the repository root:  docker build -f docker/beacon-ops.Dockerfile -t perp-city/beacon-ops .

FROM node:20-bookworm-slim AS build
WORKDIR /repo
COPY package.json package-lock.json ./
# Install scripts are not needed to build (no local Postgres or chain in the image).
RUN npm install --no-save --no-audit --no-fund --ignore-scripts
COPY nx.json tsconfig.base.json jest.preset.js eslint.config.mjs ./
COPY apps/beacon-ops apps/beacon-ops
COPY libs libs
RUN NX_DAEMON=false NX_NO_CLOUD=true npx nx build beacon-ops --skip-nx-cache

FROM node:20-bookworm-slim AS deps
WORKDIR /app
# The build writes a package.json (and a pruned lockfile) naming only what the bundle imports.
COPY --from=build /repo/dist/apps/beacon-ops/package*.json ./
RUN npm install --omit=dev --no-save --no-audit --no-fund --ignore-scripts

FROM node:20-bookworm-slim AS runtime
ENV NODE_ENV=production BEACON_OPS_PORT=8000
WORKDIR /app
COPY --from=deps /app/node_modules ./node_modules
COPY --from=build /repo/dist/apps/beacon-ops ./
USER node
EXPOSE 8000
HEALTHCHECK --interval=10s --timeout=3s --retries=3 CMD node -e "fetch('http://127.0.0.1:8000/health').then(r=>process.exit(r.ok?0:1),()=>process.exit(1))"
CMD ["node", "--enable-source-maps", "main.js"]
