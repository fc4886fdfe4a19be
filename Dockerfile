# syntax=docker/dockerfile:1
# Multi-stage image: build with every dependency, run with production dependencies only, as a non-root user.
# The runtime keeps the server source because `npm start` serves ingest through its own node:http adapter
# beside Next's handler (lib/boot/server.ts); Next's standalone server.js would lose that fast path.

FROM node:20-bookworm-slim AS deps
WORKDIR /app
COPY package.json package-lock.json ./
COPY sdk/browser/package.json sdk/browser/package.json
COPY prisma prisma
COPY prisma.config.ts ./
RUN npm install --no-audit --no-fund

FROM deps AS build
COPY . .
RUN npm run build && npm prune --omit=dev --no-audit --no-fund

FROM node:20-bookworm-slim AS runtime
ENV NODE_ENV=production PORT=3000 HOST=0.0.0.0
WORKDIR /app
COPY --from=build --chown=node:node /app /app
USER node
EXPOSE 3000
HEALTHCHECK --interval=30s --timeout=5s --start-period=60s CMD node -e "fetch('http://localhost:'+(process.env.PORT||3000)+'/api/health').then(r=>process.exit(r.ok?0:1),()=>process.exit(1))"
# Applies migrations, then serves. Set DATABASE_URL (without it an embedded PostgreSQL runs inside the container).
CMD ["npm", "start"]
