import { fastCheckSeed } from './fast-check-seed.ts';

/** Vitest global setup: says once per run which seed the property tests use. */
export default function printFastCheckSeed(): void {
  console.log(`fast-check seed: ${fastCheckSeed()} (set FC_SEED to change it)`);
}
