# Build stage: Node builds the site; Chromium renders the Mermaid diagrams to SVG.
# Node.js 24, the current LTS (README › Supported Node.js versions); CI builds the site on it too.
FROM node:24-bookworm AS build
RUN apt-get update \
  && apt-get install -y --no-install-recommends chromium \
  && rm -rf /var/lib/apt/lists/*
WORKDIR /site
COPY package.json package-lock.json ./
RUN npm install --no-audit --no-fund
COPY . .
RUN npm run build

# Serve stage: nginx with the same configuration and headers the tests run against, the MCP server
# (mcp/, Node) it proxies /docs/mcp to, and the sandbox API (sandbox/) at /docs/sandbox/;
# scripts/serve-nginx.mts starts them, as `npm start` does. The MCP server is stateless; the
# sandbox keeps its SQLite file in /site/data/sandbox, so mount a volume there to keep sandboxes
# across restarts, and run one container per database (`--sandboxes N` spreads the load over N
# processes of one container).
FROM node:24-bookworm-slim
RUN apt-get update \
  && apt-get install -y --no-install-recommends nginx-light \
  && rm -rf /var/lib/apt/lists/*
WORKDIR /site
COPY --from=build /site /site
EXPOSE 8080
CMD ["node", "--import", "tsx", "scripts/serve-nginx.mts", "--host", "0.0.0.0", "--port", "8080"]
