import fc from 'fast-check';

/**
 * Every property test draws from one seed, so a failure found once is found again: the default
 * is fixed, `FC_SEED` overrides it (to try new inputs, or to replay a seed a failure printed).
 */
export const DEFAULT_FAST_CHECK_SEED = 20_261_123;

export function fastCheckSeed(): number {
  const fromEnv = process.env.FC_SEED;
  if (fromEnv === undefined || fromEnv === '') return DEFAULT_FAST_CHECK_SEED;
  const seed = Number(fromEnv);
  if (!Number.isSafeInteger(seed)) throw new Error(`FC_SEED must be a whole number, not "${fromEnv}"`);
  return seed;
}

fc.configureGlobal({ seed: fastCheckSeed() });
