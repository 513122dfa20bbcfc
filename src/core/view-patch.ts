/**
 * What changed between two JSON values (a seat's view before and after a move), as a short list of
 * operations, and its application. The server sends each audience the patch instead of the whole
 * view; the client applies it to the view it holds, copying only the objects on the changed paths
 * (so that React sees new identities exactly where something changed).
 *
 * An operation is a tuple:
 *   [path, value]  set the value at `path` (an object key or an array index; the root when empty)
 *   [path]         delete the object key at `path`
 *   [path, n, 0]   cut the array at `path` to length `n`
 * Paths are arrays of keys and indices. Values are plain JSON (no undefined, no functions).
 * A NaN where the view before had a value (a game's `diffBase` placeholder) equals nothing: the
 * value after is set whole.
 */

export type PatchPath = readonly (string | number)[];
export type PatchOp = readonly [PatchPath] | readonly [PatchPath, unknown] | readonly [PatchPath, number, 0];
export type ViewPatch = readonly PatchOp[];

type Json = unknown;

const isObject = (v: Json): v is Record<string, Json> => typeof v === 'object' && v !== null && !Array.isArray(v);

/**
 * The operations that turn `a` into `b` (empty when they are equal). An object or array whose
 * members mostly changed is sent whole rather than member by member.
 */
export function diffView(a: Json, b: Json): ViewPatch {
  const ops: PatchOp[] = [];
  diffAt(a, b, [], ops);
  return ops;
}

function diffAt(a: Json, b: Json, path: (string | number)[], ops: PatchOp[]): void {
  if (a === b) return;
  if (Array.isArray(a) && Array.isArray(b)) {
    const common = Math.min(a.length, b.length);
    const mark = ops.length;
    for (let i = 0; i < common; i++) {
      // Most members are unchanged: skip them before touching the path (this loop is the server's per-move cost).
      const av: Json = a[i];
      const bv: Json = b[i];
      if (av === bv) continue;
      path.push(i);
      diffAt(av, bv, path, ops);
      path.pop();
    }
    // Most members changed: the whole array is shorter than its operations.
    if (common > 2 && ops.length - mark > common / 2) {
      ops.length = mark;
      ops.push([path.slice(), b]);
      return;
    }
    if (b.length < a.length) ops.push([path.slice(), b.length, 0]);
    for (let i = common; i < b.length; i++) ops.push([[...path, i], b[i]]);
    return;
  }
  if (isObject(a) && isObject(b)) {
    const mark = ops.length;
    let keys = 0;
    // A key whose value is undefined is absent once the view is JSON: it is deleted, never set to null.
    // No Object.keys/values here: each makes an array, and a server diffs every audience's view at every move.
    let both = 0;
    for (const k in b) {
      const bv = b[k];
      if (bv === undefined) continue;
      keys++;
      const av = a[k];
      if (av === bv) {
        both++;
        continue;
      }
      path.push(k);
      if (av === undefined) ops.push([path.slice(), bv]);
      else {
        both++;
        diffAt(av, bv, path, ops);
      }
      path.pop();
    }
    // Keys of `a` that `b` lacks: only when `a` has more than those both have (counted without a lookup in `b`).
    let inA = 0;
    for (const k in a) if (a[k] !== undefined) inA++;
    if (inA > both) for (const k in a) if (a[k] !== undefined && b[k] === undefined) ops.push([[...path, k]]);
    if (keys > 2 && ops.length - mark > keys / 2) {
      ops.length = mark;
      ops.push([path.slice(), b]);
    }
    return;
  }
  // Numbers, strings, booleans, null: equal ones returned above.
  if (a !== b) ops.push([path.slice(), b]);
}

/**
 * `view` with `patch` applied; `view` itself is left as it was (objects on changed paths are
 * copied). Each object is copied once per patch, however many of its operations go through it: a
 * move's patch has a dozen, nearly all through the root, which was copied for each.
 *
 * `inPlace`: change `view` itself and return it, copying nothing; for a holder that keeps no earlier
 * view (the load client of the benches, whose copies of 10,000 views were its own GC's main work,
 * and its pauses counted in the latencies it measured).
 */
export function applyViewPatch<T>(view: T, patch: ViewPatch, opts: { readonly inPlace?: boolean } = {}): T {
  // The objects this patch may change in place: its own copies (nobody else holds them yet), or all.
  const fresh: Owned = opts.inPlace ? ALL : new Set<Json>();
  let root: Json = view;
  for (const op of patch) root = applyOp(root, op, fresh);
  return root as T;
}

/** What a patch may change in place: every object, or the copies it made (a set it adds them to). */
type Owned = Set<Json> | typeof ALL;
const ALL = Symbol('every object');

function applyOp(root: Json, op: PatchOp, fresh: Owned): Json {
  const path = op[0];
  if (path.length === 0) {
    if (op.length === 2) return op[1];
    if (op.length === 3 && Array.isArray(root)) return root.slice(0, op[1]);
    throw new Error('a view patch cannot delete the root, nor cut it unless it is an array');
  }
  const top = own(root, fresh);
  let parent = top as Record<string | number, Json>;
  for (let i = 0; i < path.length - 1; i++) {
    const k = path[i]!;
    const child = own(parent[k], fresh);
    parent[k] = child;
    parent = child as Record<string | number, Json>;
  }
  const last = path[path.length - 1]!;
  if (op.length === 1) delete parent[last];
  else if (op.length === 3) {
    const arr = parent[last];
    if (!Array.isArray(arr)) throw new Error(`a view patch cuts ${path.join('.')}, which is not an array`);
    const cut = arr.slice(0, op[1]);
    parent[last] = cut;
  } else parent[last] = op[1];
  return top;
}

/** `v` itself when this patch copied it already (or changes everything in place), else a copy of it, which the patch then owns. */
function own(v: Json, fresh: Owned): Json {
  if (fresh === ALL) return Array.isArray(v) || isObject(v) ? v : throwThrough();
  if (fresh.has(v)) return v;
  const c = copy(v);
  fresh.add(c);
  return c;
}

function copy(v: Json): Json {
  if (Array.isArray(v)) return v.slice();
  if (isObject(v)) return { ...v };
  return throwThrough();
}

function throwThrough(): never {
  throw new Error('a view patch goes through a value that is neither an object nor an array');
}
