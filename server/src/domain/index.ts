/** The training and nutrition rules of PRODUCT.md sections 3 and 4, as pure functions. */
export * from './chamber.ts';
export * from './ladder.ts';
export * from './macros.ts';
export * from './muscleScores.ts';
export * from './rounding.ts';
export * from './rounds.ts';
export * from './vo2.ts';
