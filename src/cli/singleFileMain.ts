/** The entry of the one-file CLI (scripts/cliBundle.ts): `node fitbench.mjs fit …`. */
import { main } from './main';
import { singleFile } from './singleFile';

singleFile.active = true;
process.exitCode = await main(process.argv.slice(2));
