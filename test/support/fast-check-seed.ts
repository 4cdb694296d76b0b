import fc from 'fast-check';

/**
 * Property tests draw from one fixed seed, so a run is repeatable and CI is never red by luck. To explore other
 * cases, run with FC_SEED=<n> (fast-check prints the seed and the counterexample of any failure).
 */
fc.configureGlobal({ seed: Number(process.env.FC_SEED ?? 20_261_123) });
