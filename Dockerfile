# Build stage: Node builds the site; Chromium renders the Mermaid diagrams to SVG.
FROM node:20-bookworm AS build
RUN apt-get update \
  && apt-get install -y --no-install-recommends chromium \
  && rm -rf /var/lib/apt/lists/*
WORKDIR /site
COPY package.json package-lock.json ./
RUN npm install --no-audit --no-fund
COPY . .
RUN npm run build \
  && node scripts/serve-nginx.mjs --write-config /site/generated/nginx/nginx.conf \
       --root /srv/site --listen 8080 --runtime /tmp --headers /etc/nginx/security-headers.conf

# Serve stage: the same nginx configuration and headers the tests run against.
FROM nginx:1.27-bookworm
COPY --from=build /site/generated/nginx/nginx.conf /etc/nginx/nginx.conf
COPY --from=build /site/generated/nginx/security-headers.conf /etc/nginx/security-headers.conf
COPY --from=build /site/build /srv/site/docs
EXPOSE 8080
CMD ["nginx", "-c", "/etc/nginx/nginx.conf"]
