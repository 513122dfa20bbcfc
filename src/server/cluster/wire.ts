/**
 * The bus's messages: a one-letter kind, fields separated by newlines, and a last field that may
 * hold anything (a server message's JSON text travels as it is, never parsed again).
 *
 * To a node's channel:
 *   m <connId> <client message JSON>      edge → owner: hello, choice, undo, hint or a chat request
 *                                         (with `as`: the socket's account) of a relayed socket
 *   c <connId>                            edge → owner: the relayed socket closed
 *   t <from> <connId,connId,…> <text>     owner → edge: write this text to each of these sockets
 *   h <connId> <1|0> <text>               owner → edge: the answer to hello (welcome, or error)
 *   x <connId> <code> <message>           owner → edge: tell the client why and close its socket
 *   l <connId> <message>                  owner → edge: the owner no longer plays the game for this
 *                                         socket (or forgot it): the edge keeps it, tells it to say hello again
 *   q <reqId> <JSON>                      an HTTP operation to run at the owner
 *   r <reqId> <JSON>                      its answer
 * To every node:
 *   j <node>                              a node (re)joined: watch it
 *   b <node>                              a node's bus was down: forget the sockets shared with it
 * Connection and request ids are `<node>.<n>`, so the answer's channel is read from the id.
 */

/** A bus message's kind, first field and the rest (empty when there is none). */
export function parse(text: string): { kind: string; a: string; rest: string } {
  const body = text.slice(2);
  const nl = body.indexOf('\n');
  return { kind: text.charAt(0), a: nl < 0 ? body : body.slice(0, nl), rest: nl < 0 ? '' : body.slice(nl + 1) };
}

/** The node an id `<node>.<n>` was made by. */
export function nodeOf(id: string): string {
  const dot = id.indexOf('.');
  return dot < 0 ? id : id.slice(0, dot);
}
