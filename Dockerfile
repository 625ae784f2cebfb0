# syntax=docker/dockerfile:1
# Plume: build with the full toolchain, run on a slim image as a non-root user.
# Migrations apply when the server starts; /data keeps the SQLite database, mails and uploads
# (use DATABASE_URL=postgres://… for PostgreSQL, as docker-compose.yml does).

FROM node:22-bookworm-slim AS build
WORKDIR /app
# The postinstall step applies patches/ and generates the Prisma clients from the schema, so they
# come first.
COPY package.json package-lock.json ./
COPY patches ./patches
COPY scripts ./scripts
COPY prisma ./prisma
RUN npm install --no-audit --no-fund
COPY . .
RUN npm run build && npm prune --omit=dev --no-audit --no-fund

FROM node:22-bookworm-slim AS runtime
ENV NODE_ENV=production \
    HOST=0.0.0.0 \
    PORT=3000 \
    DATA_DIR=/data
WORKDIR /app
COPY --from=build /app/package.json ./package.json
COPY --from=build /app/node_modules ./node_modules
COPY --from=build /app/build ./build
COPY --from=build /app/prisma ./prisma
COPY --from=build /app/content ./content
RUN mkdir -p /data && chown node:node /data
USER node
VOLUME ["/data"]
EXPOSE 3000
HEALTHCHECK --interval=30s --timeout=5s --start-period=20s --retries=3 \
  CMD node -e "fetch('http://127.0.0.1:' + (process.env.PORT || 3000) + '/healthz').then((r) => process.exit(r.ok ? 0 : 1), () => process.exit(1))"
CMD ["node", "--max-old-space-size=256", "--max-semi-space-size=4", "build/server/index.js"]
