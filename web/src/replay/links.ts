/** Where a finished server game is replayed, and where its replay opens at the post-game analysis. */
export const replayHref = (gameId: string): string => `/replay/${encodeURIComponent(gameId)}`;

/** The replay page brings its analysis panel into view and focus when the address names it. */
export const ANALYSIS_HASH = '#analysis';
export const analysisHref = (gameId: string): string => `${replayHref(gameId)}${ANALYSIS_HASH}`;
