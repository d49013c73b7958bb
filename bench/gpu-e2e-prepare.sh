#!/usr/bin/env bash
# Prepares .gpu/ (git-ignored through .git/info/exclude) for bench/gpu-e2e.sh on a GPU machine that
# has no Node: a compressed node binary, dawn.node (the optional `webgpu` package) beside the
# one-file CLI, and the bundled batch benchmark. Vulkan's loader comes as Debian packages in .gl/
# (the device tool's README). Everything travels as `carry: [".gpu", ".gl"]` (< 64 MiB).
set -euo pipefail
cd "$(dirname "$0")/.."
mkdir -p .gpu/node_modules/webgpu/dist/linux-x64
npx tsx scripts/buildCli.ts .gpu
npx tsx bench/gpu-bundle.ts bench/batch-gpu.ts .gpu/batch.mjs
cp node_modules/webgpu/index.js node_modules/webgpu/package.json .gpu/node_modules/webgpu/
xz -T2 -3 -c node_modules/webgpu/dist/linux-x64/dawn.node > .gpu/node_modules/webgpu/dist/linux-x64/dawn.node.xz
[ -f .gpu/node.xz ] || xz -T2 -3 -c "$(command -v node)" > .gpu/node.xz
du -sh .gpu
