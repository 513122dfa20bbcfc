declare global {
  interface Window {
    /** When each turn chime was attempted (ms since the epoch): the browser tests read it, not the sound. */
    __expeditionChimes?: number[];
    webkitAudioContext?: typeof AudioContext;
  }
}

/** Two rising notes (A5, E6), a fifth apart: short and soft, to be heard without startling. */
const NOTES_HZ = [880, 1318.5] as const;
const NOTE_GAP_S = 0.14;
const NOTE_S = 0.35;
const PEAK_GAIN = 0.2;

let ctx: AudioContext | null = null;

/** The page's one audio context, made on first need; null where the browser has no Web Audio. */
function audio(): AudioContext | null {
  if (ctx) return ctx;
  const AC = window.AudioContext ?? window.webkitAudioContext;
  if (!AC) return null;
  try {
    ctx = new AC();
  } catch {
    return null;
  }
  return ctx;
}

/**
 * Browsers start audio suspended until the page gets a gesture: called from a click, this lets
 * later chimes (which come from the server, not from a gesture) be heard.
 */
export function unlockAudio(): void {
  const c = audio();
  if (c?.state === 'suspended') c.resume().catch(() => undefined);
}

/** A short synthesized chime (no audio file): "your turn". */
export function chime(): void {
  (window.__expeditionChimes ??= []).push(Date.now());
  const c = audio();
  if (!c) return;
  unlockAudio();
  try {
    const start = c.currentTime + 0.02;
    NOTES_HZ.forEach((hz, i) => {
      const at = start + i * NOTE_GAP_S;
      const osc = c.createOscillator();
      const gain = c.createGain();
      osc.type = 'sine';
      osc.frequency.value = hz;
      // Exponential ramps cannot start at 0: from near silence up, then a bell-like decay.
      gain.gain.setValueAtTime(0.0001, at);
      gain.gain.exponentialRampToValueAtTime(PEAK_GAIN, at + 0.015);
      gain.gain.exponentialRampToValueAtTime(0.0001, at + NOTE_S);
      osc.connect(gain).connect(c.destination);
      osc.start(at);
      osc.stop(at + NOTE_S + 0.05);
    });
  } catch {
    // No output device, or a closed context: the chime is optional.
  }
}
