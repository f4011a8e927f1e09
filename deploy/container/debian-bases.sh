#!/usr/bin/env bash
# Makes stand-ins for the Containerfile's two base images from Debian's own packages, for a machine
# that reaches Debian's archive and the npm registry but no image registry (docs/deployment.md,
# "Containers"). Needs root, debootstrap and podman (apt-get install debootstrap podman).
#   localhost/suap-runtime-base  Debian 12 minbase: what debian:bookworm-slim holds
#   localhost/suap-build-base    the same, with Node 24 and npm 11 from the npm registry
# Then: podman build -f deploy/container/Containerfile --build-arg BUILD_IMAGE=localhost/suap-build-base \
#         --build-arg RUNTIME_IMAGE=localhost/suap-runtime-base -t suap-portal .
# Extra podman options (PODMAN_OPTS, e.g. "--runtime /path/to/runtime") are passed to every command.
# Behind a proxy that inspects TLS, EXTRA_CA_CERTS_DIR names a folder of the organisation's CA
# certificates (*.crt): the build base trusts them, for apt and npm alike.
set -euo pipefail
MIRROR=${DEBIAN_MIRROR:-http://deb.debian.org/debian}
# shellcheck disable=SC2086
podman() { command podman ${PODMAN_OPTS:-} "$@"; }

rootfs=$(mktemp -d)
trap 'rm -rf "$rootfs"' EXIT
debootstrap --variant=minbase bookworm "$rootfs" "$MIRROR" >/dev/null
rm -rf "$rootfs"/var/cache/apt/archives/*.deb "$rootfs"/var/lib/apt/lists/*
if [ -n "${EXTRA_CA_CERTS_DIR:-}" ]; then mkdir -p "$rootfs"/usr/local/share/ca-certificates && cp "$EXTRA_CA_CERTS_DIR"/*.crt "$rootfs"/usr/local/share/ca-certificates/; fi
tar -C "$rootfs" -c . | podman import --change 'CMD ["/bin/bash"]' - localhost/suap-runtime-base

# Debian 12's own Node (18) and npm (9) only bootstrap the `node` (24) and `npm` (11) packages.
podman build --network host -t localhost/suap-build-base -f - <<'EOF'
FROM localhost/suap-runtime-base
ENV NODE_EXTRA_CA_CERTS=/etc/ssl/certs/ca-certificates.crt
RUN apt-get update \
 && DEBIAN_FRONTEND=noninteractive apt-get install -y --no-install-recommends nodejs npm ca-certificates \
 && npm install -g --no-audit --no-fund node@24 \
 && npm install -g --no-audit --no-fund npm@11 \
 && apt-get purge -y npm && apt-get autoremove -y && rm -rf /var/lib/apt/lists/* /root/.npm
RUN node --version && npm --version
EOF
