#!/usr/bin/env bash
# On a GPU machine (the device tool), after bench/gpu-e2e-prepare.sh here: the fitbench CLI's
# whole fit of a Gaussian-plus-offset CSV on the CPU and with --backend gpu, side by side with
# scipy.optimize.curve_fit on the same numbers in the same run (bench/gpu_e2e_scipy.py), then the
# per-group batch on CPU and GPU (bench/batch-gpu.ts). Writes JSON and tables to $OUT.
#   bench/gpu-e2e.sh ROWS [GROUPS...]     (CONFIGS='cpu:0 cpu:all' picks backends:workers; PROFILE=1 adds
#   a profiled GPU fit; CLI_GROUPS=N fits N 4PL groups through the CLI on the CPU and the GPU)
set -u
rows=${1:-1e7}; shift || true
if command -v nvidia-smi >/dev/null; then for f in .gl/*.deb; do dpkg -x "$f" /; done; ldconfig; fi
[ -n "${VK_ICD_FILENAMES:-}" ] || export VK_DRIVER_FILES=/usr/local/nvidia/share/vulkan/icd.d/nvidia_icd.json
export __EGL_VENDOR_LIBRARY_FILENAMES=/usr/local/nvidia/share/glvnd/egl_vendor.d/10_nvidia.json
final=${OUT:-/tmp/out}; out=/tmp/gpu-e2e; mkdir -p "$final" "$out"
cd .gpu
[ -x node ] || { unxz -k -c node.xz > node && chmod +x node; }
d=node_modules/webgpu/dist/linux-x64
[ -f $d/dawn.node ] || unxz -k $d/dawn.node.xz
{ nvidia-smi -L; nvidia-smi --query-gpu=driver_version --format=csv,noheader; nproc; grep -m1 'model name' /proc/cpuinfo; ./node --version; } | tee "$out/machine.txt"
model='a*exp(-(x-mu)^2/(2*s^2))+c'
# The float64 work after a GPU phase, from the CLI JSON's `gpu` object (src/fit/gpuFinish.ts):
# passes over the rows by kind, how the finish converged, its ms; "-" for a CPU fit.
finish() { python3 -c 'import json,sys
g=json.load(open(sys.argv[1])).get("gpu")
print("gpu finish: -" if not g else "gpu finish: %d float64 passes %s, %s, values fused %s, %.0f ms" % (g["float64Passes"], json.dumps(g["passes"],separators=(",",":")), g["finish"], g["valuesFused"], g["finishMs"]))' "$1" 2>/dev/null; }
python3 ../bench/gpu_e2e_scipy.py /tmp/g.csv "$rows" > "$out/scipy.json"; echo "scipy: $(head -c 400 "$out/scipy.json")"
# Each backend with the float64 passes in this thread (--workers 0) and on all cores (default).
for config in ${CONFIGS:-cpu:0 cpu:all gpu:0 gpu:all}; do
  backend=${config%%:*}; workers=${config##*:}
  flag=$([ "$workers" = all ] || echo "--workers $workers")
  for rep in 1 2; do
    s=$EPOCHREALTIME
    ./node fitbench.mjs fit /tmp/g.csv --model "$model" --p0 a=2,mu=0,s=1,c=0 --backend $backend $flag ${FITBENCH_EXTRA:-} --json > "$out/cli-$backend-$workers-$rep.json"
    e=$EPOCHREALTIME
    echo "cli $backend workers=$workers rep $rep: wall $(awk "BEGIN{print $e - $s}") s; $(grep -o '"timing":{[^}]*}' "$out/cli-$backend-$workers-$rep.json") $(grep -o '"backend":"[^"]*"' "$out/cli-$backend-$workers-$rep.json" | head -1) $(finish "$out/cli-$backend-$workers-$rep.json")"
  done
done
# One more GPU fit under the CPU profiler: where the main thread's time goes.
[ -n "${PROFILE:-}" ] && ./node --cpu-prof --cpu-prof-dir="$out/prof" fitbench.mjs fit /tmp/g.csv --model "$model" --p0 a=2,mu=0,s=1,c=0 --backend gpu --json > /dev/null
# The per-group batch through the CLI: CPU (worker threads), GPU with its float64 check in this
# thread (--workers 0) and on worker threads (default from 50 000 groups).
if [ -n "${CLI_GROUPS:-}" ]; then
  python3 ../bench/gpu_batch_groups.py /tmp/groups.csv "$CLI_GROUPS"
  model4pl='bottom + (top - bottom)*dose^hill/(EC50^hill + dose^hill)'
  for config in cpu:all gpu:0 gpu:all; do
    backend=${config%%:*}; workers=${config##*:}
    flag=$([ "$workers" = all ] || echo "--workers $workers")
    s=$EPOCHREALTIME
    ./node fitbench.mjs fit /tmp/groups.csv --model "$model4pl" --y signal --group well --p0 bottom=0.2,top=2.5,hill=1,EC50=1 --backend $backend $flag --json > "$out/groups-$backend-$workers.json"
    e=$EPOCHREALTIME
    echo "groups $backend workers=$workers: wall $(awk "BEGIN{print $e - $s}") s; $(grep -o '"timing":{[^}]*}' "$out/groups-$backend-$workers.json") $(grep -o '"workers":[0-9]*' "$out/groups-$backend-$workers.json" | tail -1) $(grep -o '"gpuBatch":{[^}]*}' "$out/groups-$backend-$workers.json")"
  done
fi
for g in "$@"; do ./node batch.mjs "$g" --repeats 2 --out "$out/batch-$g.md" 2>&1 | tail -4; done
tar czf "$final/results.tgz" -C "$out" . && cp "$out/machine.txt" "$final/"
