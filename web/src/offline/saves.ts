import { readSavedGame, SAVED_GAME_KEY, type LocalRecord, type SavedGame } from './local-record.js';

/**
 * The offline games saved on this device, one localStorage key each (`expedition.local.save.<slot>`),
 * so that starting a new game never overwrites another. Each holds the game's record as the single
 * save did, plus `savedAt` (when it was last played). Only the record is read here, never replayed:
 * the lobby that lists the saves loads no engine.
 */
export const SAVE_PREFIX = 'expedition.local.save.';

export const saveKey = (slot: string): string => SAVE_PREFIX + slot;

type Store = Pick<Storage, 'getItem' | 'setItem' | 'removeItem' | 'key' | 'length'>;

/** One saved game as the lobby lists it: readable (with its record), or why it is not. */
export type SaveEntry = { readonly slot: string; readonly savedAt: number | null } & (
  { readonly kind: 'ok'; readonly record: LocalRecord } | { readonly kind: 'corrupt'; readonly reason: string }
);

/** A new slot name: random, so two tabs starting games at once never share one. */
export function newSlot(): string {
  const b = new Uint8Array(6);
  crypto.getRandomValues(b);
  return Array.from(b, (x) => x.toString(16).padStart(2, '0')).join('');
}

/** When the save at `key` was last played, if it says (a migrated or corrupt save may not). */
function savedAtOf(text: string | null): number | null {
  if (text === null) return null;
  try {
    const at = (JSON.parse(text) as { savedAt?: unknown } | null)?.savedAt;
    return typeof at === 'number' && Number.isFinite(at) ? at : null;
  } catch {
    return null;
  }
}

/**
 * Moves the single save of earlier versions (`expedition.local.game`) into a slot of its own, as it
 * is (a corrupt one too, so it is listed and can be deleted), so nobody loses a game in progress.
 */
export function migrateLegacySave(storage: Store = localStorage): string | null {
  const text = storage.getItem(SAVED_GAME_KEY);
  if (text === null) return null;
  const slot = newSlot();
  storage.setItem(saveKey(slot), text);
  storage.removeItem(SAVED_GAME_KEY);
  return slot;
}

/** The save of one slot: nothing, its record (without `savedAt`), or why it is unusable. */
export function readSave(slot: string, storage: Pick<Storage, 'getItem'> = localStorage): SavedGame {
  const saved = readSavedGame(storage, saveKey(slot));
  if (saved.kind !== 'ok') return saved;
  const record: LocalRecord & { savedAt?: unknown } = { ...saved.record };
  delete record.savedAt;
  return { kind: 'ok', record };
}

/** Every saved game, the most recently played first (undated ones last); never throws. */
export function listSaves(storage: Store = localStorage): SaveEntry[] {
  migrateLegacySave(storage);
  const slots: string[] = [];
  for (let i = 0; i < storage.length; i++) {
    const k = storage.key(i);
    if (k?.startsWith(SAVE_PREFIX)) slots.push(k.slice(SAVE_PREFIX.length));
  }
  return slots
    .map((slot): SaveEntry | null => {
      const savedAt = savedAtOf(storage.getItem(saveKey(slot)));
      const s = readSave(slot, storage);
      if (s.kind === 'none') return null;
      return s.kind === 'ok' ? { slot, savedAt, kind: 'ok', record: s.record } : { slot, savedAt, kind: 'corrupt', reason: s.reason };
    })
    .filter((e): e is SaveEntry => e !== null)
    .sort((a, b) => (b.savedAt ?? -Infinity) - (a.savedAt ?? -Infinity) || a.slot.localeCompare(b.slot));
}

/** Saves a game's record in its slot, dated now. Throws when the storage is full or disabled. */
export function writeSave(slot: string, record: LocalRecord, storage: Pick<Storage, 'setItem'> = localStorage, now = Date.now()): void {
  storage.setItem(saveKey(slot), JSON.stringify({ ...record, savedAt: now }));
}

/** Deletes a save; returns its text, so that the deletion can be undone. */
export function deleteSave(slot: string, storage: Pick<Storage, 'getItem' | 'removeItem'> = localStorage): string | null {
  const text = storage.getItem(saveKey(slot));
  storage.removeItem(saveKey(slot));
  return text;
}

/** Puts a deleted save back as it was. */
export function restoreSave(slot: string, text: string, storage: Pick<Storage, 'setItem'> = localStorage): void {
  storage.setItem(saveKey(slot), text);
}
