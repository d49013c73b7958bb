/** The harness draws from the shared seeded generator (test/random.ts). */
export { normal, pick, rng, uniform, type Rng } from '../../test/random';
