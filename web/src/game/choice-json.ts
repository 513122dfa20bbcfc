import type { Choice } from '../net/session.js';

/** The choice as the JSON the browser tests read from data-choice, and hints are matched by. */
export const choiceJson = (c: Choice): string => JSON.stringify(c);
