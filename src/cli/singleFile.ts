/**
 * Whether this CLI runs as the one-file bundle (fitbench.mjs, scripts/cliBundle.ts): there the
 * worker pool's task modules are not files beside it, so batches run in this process.
 */
export const singleFile = { active: false };
