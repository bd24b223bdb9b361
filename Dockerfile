FROM node:20-bookworm-slim
WORKDIR /app
RUN npm install -g pnpm@10.34.9
COPY . .
RUN pnpm install --frozen-lockfile && pnpm build
ENV PORT=2567 HOST=0.0.0.0
EXPOSE 2567
CMD ["pnpm", "--filter", "@blaze/server", "run", "serve"]
