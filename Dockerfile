# Builds once (client bundle + one compiled server file), then runs compiled JavaScript: no
# TypeScript compiler or tsx at run time.
FROM node:20-bookworm-slim AS build
WORKDIR /app
RUN npm install -g pnpm@10.34.9
COPY . .
RUN pnpm install --frozen-lockfile \
  && pnpm build \
  && pnpm --filter @blaze/server deploy --prod --legacy /out \
  && cp -r apps/server/dist /out/dist \
  && mkdir -p /out/web && cp -r apps/web/dist /out/web/dist

FROM node:20-bookworm-slim
WORKDIR /app
ENV NODE_ENV=production PORT=2567 HOST=0.0.0.0 STATIC_DIR=/app/web/dist
COPY --from=build /out /app
USER node
EXPOSE 2567
# Ready (/readyz): tables restored, store writable, Redis answering within BACKEND_TIMEOUT_MS. /livez
# answers while the process runs, for orchestrators that restart on liveness alone.
HEALTHCHECK --interval=10s --timeout=5s --start-period=60s CMD node -e "fetch('http://127.0.0.1:'+process.env.PORT+'/readyz').then(r=>process.exit(r.ok?0:1),()=>process.exit(1))"
CMD ["node", "--enable-source-maps", "--max-semi-space-size=2", "dist/main.js"]
