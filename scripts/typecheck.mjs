// Type-checks each project with its own lib settings, so the worker cannot touch the DOM and the
// core can touch neither the DOM nor Node.
import { run } from './lib.mjs';

const projects = ['tsconfig.core.json', 'tsconfig.worker.json', 'tsconfig.app.json', 'tsconfig.node.json'];
for (const project of projects) {
  process.stdout.write(`typecheck ${project}\n`);
  run('npx', ['tsc', '-p', project]);
}
