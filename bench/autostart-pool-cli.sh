#!/usr/bin/env bash
# On a many-core machine (the device tool's GPU host), after `npx tsx scripts/buildCli.ts .gpu` and
# `npx tsx bench/autostart-pool-cli.ts .gpu/starts` here: the one-file CLI's start search with no
# start values, STARTS candidates scored in this process (--workers 0) and on all cores, twice each,
# wall time of the whole command. The JSON of each run goes to $OUT/starts.
#   bench/autostart-pool-cli.sh [STARTS]
set -u
starts=${1:-131072}
out=${OUT:-/tmp/out}/starts; mkdir -p "$out"
cd .gpu
[ -x node ] || { unxz -k -c node.xz > node && chmod +x node; }
echo "$(nproc) cores, $(grep -m1 'model name' /proc/cpuinfo | cut -d: -f2), node $(./node --version), $starts candidates"
echo "| problem | workers | run | wall s | autoStart.workers | start | cost |"
echo "|---|---:|---:|---:|---:|---|---:|"
while IFS=$'\t' read -r name model; do
  for workers in 0 all; do
    flag=$([ "$workers" = all ] || echo "--workers $workers")
    for rep in 1 2; do
      s=$EPOCHREALTIME
      ./node fitbench.mjs fit "starts/$name.csv" --model "$model" --starts "$starts" $flag --json > "$out/$name-$workers-$rep.json"
      e=$EPOCHREALTIME
      j="$out/$name-$workers-$rep.json"
      echo "| $name | $workers | $rep | $(awk "BEGIN{printf \"%.2f\", $e - $s}") | $(grep -o '"workers":[0-9]*' "$j" | tail -1 | cut -d: -f2) | $(grep -o '"start":{[^}]*}' "$j" | head -1 | cut -c9-) | $(grep -o '"cost":[^,]*' "$j" | head -1 | cut -d: -f2) |"
    done
  done
done < starts/models.tsv
