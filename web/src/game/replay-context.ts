import { createContext } from 'react';

/**
 * Set by the replay viewer around its table: which move it shows. The panel that says "Waiting
 * for …" at a live table says instead what the replay is showing.
 */
export const ReplayStep = createContext<{ readonly step: number; readonly moves: number } | null>(null);
