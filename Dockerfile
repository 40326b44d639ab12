# Crevarde: the app server (ADR 024). Not built on the development machine, which has no
# Docker engine: see the README's "Deploying with Docker". Node 24 (ADR 034): the image's own,
# the same major as the `node` devDependency that npm scripts use elsewhere (pruned below).
FROM node:24-slim AS build
WORKDIR /app
COPY package.json package-lock.json ./
RUN npm install --no-audit --no-fund
COPY . .
RUN npm run build && npm prune --omit=dev --no-audit --no-fund

FROM node:24-slim
ENV NODE_ENV=production HOST=0.0.0.0 PORT=3000 DATA_DIR=/app/data
WORKDIR /app
COPY --from=build --chown=node:node /app /app
RUN mkdir -p /app/data && chown node:node /app/data
USER node
EXPOSE 3000
HEALTHCHECK --interval=10s --timeout=3s --start-period=60s CMD ["node", "-e", "fetch('http://127.0.0.1:3000/readyz').then((r) => process.exit(r.ok ? 0 : 1), () => process.exit(1))"]
# what `npm run start:prod` runs, without npm in between, so SIGTERM reaches the server (graceful shutdown)
CMD ["node", "build/server.mjs"]
