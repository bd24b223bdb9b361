# Builds once (client bundle + one compiled server file), then runs compiled JavaScript as the
# unprivileged `node` user: no TypeScript compiler, tsx, esbuild or type packages at run time.
# tests/image.test.ts performs these same steps without a Docker engine (a clean directory, the
# final stage run by an unprivileged user): keep the two in step.

FROM node:20-bookworm-slim AS build
WORKDIR /app
RUN npm install -g pnpm@10.34.9
# The dependency layers: rebuilt only when the lockfile or a package.json changes, not on every
# source edit. `pnpm fetch` needs the lockfile alone; the install then links from that store.
COPY pnpm-lock.yaml pnpm-workspace.yaml ./
RUN pnpm fetch
COPY package.json ./
COPY apps/server/package.json apps/server/
COPY apps/web/package.json apps/web/
COPY packages/bla5t/package.json packages/bla5t/
COPY packages/blaze-game/package.json packages/blaze-game/
COPY packages/bots/package.json packages/bots/
COPY packages/durak/package.json packages/durak/
COPY packages/game/package.json packages/game/
COPY packages/protocol/package.json packages/protocol/
COPY packages/rules/package.json packages/rules/
RUN pnpm install --frozen-lockfile --offline
COPY . .
# The commit for blaze_build_info (the context has no .git): docker build --build-arg BLAZE_COMMIT=$(git rev-parse HEAD)
ARG BLAZE_COMMIT=unknown
# The server's production dependencies alone (its workspace packages are bundled into dist/main.js).
# Type packages carry no code: @colyseus/ws-transport lists @types/ws as a dependency, which brings
# @types/node along; they are removed.
RUN pnpm build \
  && pnpm --config.inject-workspace-packages=true --filter @blaze/server deploy --prod --offline /out \
  && find /out/node_modules -name @types -prune -exec rm -rf {} + \
  && rm -rf /out/node_modules/.pnpm/@types+* \
  && mkdir -p /out/web /data \
  && cp -r apps/web/dist /out/web/dist

FROM node:20-bookworm-slim
WORKDIR /app
# DATA_DIR: the SQLite record, on a volume the `node` user owns (/app stays root's, read-only to it).
ENV NODE_ENV=production PORT=2567 HOST=0.0.0.0 STATIC_DIR=/app/web/dist DATA_DIR=/data
COPY --from=build /out /app
COPY --from=build --chown=node:node /data /data
VOLUME /data
USER node
EXPOSE 2567
# Ready (/readyz): tables restored, store writable, Redis answering within BACKEND_TIMEOUT_MS. /livez
# answers while the process runs, for orchestrators that restart on liveness alone.
HEALTHCHECK --interval=10s --timeout=5s --start-period=60s CMD node -e "fetch('http://127.0.0.1:'+process.env.PORT+'/readyz').then(r=>process.exit(r.ok?0:1),()=>process.exit(1))"
CMD ["node", "--enable-source-maps", "--max-semi-space-size=2", "dist/main.js"]
