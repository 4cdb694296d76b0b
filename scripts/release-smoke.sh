#!/usr/bin/env bash
# The packed release (release/*.tgz, from `pnpm release:pack`) installed into an empty prefix with the Node on
# the PATH, as a user installs it: no engine warning, and the command answers a solve, a split count and a
# check. CI runs it on a second LTS line after the full suite has run on the first two.
set -euo pipefail
cd "$(dirname "$0")/.."
ls release/*.tgz >/dev/null
scratch="$(mktemp -d)"
trap 'rm -rf "$scratch"' EXIT
echo "release smoke on node $(node --version)"
npm install --global --prefix "$scratch/prefix" --no-audit --no-fund ./release/*.tgz 2> "$scratch/install.err" > /dev/null
if grep -E "EBADENGINE|Unsupported engine" "$scratch/install.err"; then
  echo "release-smoke: npm warned about an engine on node $(node --version)" >&2
  exit 1
fi
bezzel="$scratch/prefix/bin/bezzel"
(cd "$scratch" && "$bezzel" queens 8 -q | grep -q "Found a solution: 8 queens on 8×8")
(cd "$scratch" && "$bezzel" place queen -n 12 --goal count --workers 2 -q | grep -q "^14200 solutions")
(cd "$scratch" && "$bezzel" check queen a1,e2,h3,f4,c5,g6,b7,d8 | grep -q "^Valid")
echo "release smoke: installed with no engine warning; solve, split count and check answer"
