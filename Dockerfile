# One image for every Backlay process: the server (default command) and the games server
# (`node --import tsx src/main.ts` in /app/apps/games). The front ends are built into it.
FROM node:20-bookworm-slim AS build
WORKDIR /app
COPY package.json package-lock.json ./
COPY packages/exchange/package.json packages/exchange/
COPY packages/contract/package.json packages/contract/
COPY apps/server/package.json apps/server/
COPY apps/web/package.json apps/web/
COPY apps/games/package.json apps/games/
COPY apps/backoffice/package.json apps/backoffice/
RUN npm ci
COPY . .
RUN npm run build

FROM node:20-bookworm-slim
ENV NODE_ENV=production HOST=0.0.0.0 PORT=8080
COPY --from=build --chown=node:node /app /app
USER node
WORKDIR /app/apps/server
EXPOSE 8080
# The server handles SIGTERM itself: a cluster node hands its markets over, then exits.
CMD ["node", "--import", "tsx", "src/main.ts"]
