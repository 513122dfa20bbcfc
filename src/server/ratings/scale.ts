/**
 * The one mapping between OpenSkill's figures (mu, sigma) and the numbers players see. OpenSkill
 * starts everyone at mu 25, sigma 25/3; times SCALE, a new player shows 1500, the figure players
 * of other sites know as "a beginner's", and the deviation is two sigmas: the rating is within
 * that much of the true strength with about 95 % certainty (docs/ratings.md).
 */

/** A new account's mean and uncertainty (OpenSkill's defaults). */
export const DEFAULT_MU = 25;
export const DEFAULT_SIGMA = 25 / 3;

/** Display points per unit of mu. */
export const SCALE = 60;

/** The rating shown for a mean `mu`. */
export const displayRating = (mu: number): number => Math.round(mu * SCALE);

/** The deviation shown for an uncertainty `sigma`: two standard deviations, on the rating's scale. */
export const displayDeviation = (sigma: number): number => Math.round(2 * sigma * SCALE);
