import { z } from 'zod';

/**
 * The engine protocol's messages (docs/engine-protocol.md): one JSON object a line each way. These
 * schemas are the one source of truth: the request handler parses with them, the exec: bot checks
 * an agent's answers with them, and docs/engine-protocol.schema.json is generated from them.
 */

export const PROTOCOL_VERSION = 1;

/** A request's id, echoed in its response: any JSON number or string the client picks. */
const RequestId = z.union([z.number(), z.string().max(200)]).describe('Echoed in the response.');

/** The id of a game in this process, as `create`, `copy` and `determinize` return it. */
const GameId = z.number().int().nonnegative().describe('A game of this process, as create, copy or determinize returned it.');

/** A seat (0-based, in turn order), or null for a spectator. */
const SeatOrSpectator = z.union([z.number().int().nonnegative(), z.null()]);

/** A choice as the engine lists it: plain JSON with a type tag (src/core/game.ts Choice). */
export const ChoiceSchema = z
  .looseObject({ t: z.string() })
  .describe('A legal choice as `legal` lists it, e.g. {"t":"move","trails":[4,9]}.');

const Seed = z.union([z.number(), z.string().max(200)]);

const gameRequest = <T extends string, S extends z.ZodRawShape>(type: T, shape: S) =>
  z.strictObject({ id: RequestId, type: z.literal(type), gameId: GameId, ...shape });

export const HelloRequest = z.strictObject({ id: RequestId, type: z.literal('hello') });
export const CreateRequest = z.strictObject({
  id: RequestId,
  type: z.literal('create'),
  game: z.string().max(100).describe('A registered game: see hello.'),
  seats: z.number().int(),
  options: z.unknown().optional().describe("The game's options; absent: its defaults."),
  seed: Seed.optional().describe('The set-up seed; absent: the new game id, as a string.'),
});
export const LegalRequest = gameRequest('legal', {
  as: z
    .enum(['json', 'indices', 'both'])
    .optional()
    .describe('json (default): the choices; indices: only their count, for an action mask.'),
});
export const ApplyRequest = gameRequest('apply', {
  index: z.number().int().nonnegative().optional().describe('The choice as its index among `legal`.'),
  choice: ChoiceSchema.optional().describe('The choice itself; give index or choice.'),
  events: z.boolean().optional().describe('Send the public events of the move back (default false).'),
});
export const BotRequest = gameRequest('bot', {
  bot: z.string().max(100).describe('A built-in bot spec: random, greedy, ismcts:200it, …'),
  events: z.boolean().optional(),
});
export const ObserveRequest = gameRequest('observe', {});
export const ViewRequest = gameRequest('view', { seat: SeatOrSpectator.describe('A seat, or null for a spectator.') });
export const ResultRequest = gameRequest('result', {});
export const RecordRequest = gameRequest('record', {});
export const CopyRequest = gameRequest('copy', {});
export const DeterminizeRequest = gameRequest('determinize', { seat: z.number().int().nonnegative(), seed: Seed });
export const UndoRequest = gameRequest('undo', {});

/** The most entries one `step` may carry. */
export const MAX_STEP = 100_000;

/**
 * One choice by index in each of many games, answered compactly: the cheap request of an agent
 * stepping thousands of games. The handler checks it by hand (stepFault in handler.ts: a zod object
 * per entry would cost more than a cheap game's decision); this schema documents it.
 */
export const StepRequest = z.strictObject({
  id: RequestId,
  type: z.literal('step'),
  games: z.array(GameId).max(MAX_STEP).describe('The games to play a choice in, each at most once.'),
  choices: z
    .array(z.number().int().nonnegative())
    .max(MAX_STEP)
    .describe("The choice in each game, as its index among that game's legal choices; as many as games."),
});
export type StepRequest = z.infer<typeof StepRequest>;
export const CloseRequest = gameRequest('close', {});

/** Every request but a batch. */
export const SingleRequest = z.discriminatedUnion('type', [
  HelloRequest,
  CreateRequest,
  LegalRequest,
  ApplyRequest,
  BotRequest,
  ObserveRequest,
  ViewRequest,
  ResultRequest,
  RecordRequest,
  CopyRequest,
  DeterminizeRequest,
  UndoRequest,
  StepRequest,
  CloseRequest,
]);
export type SingleRequest = z.infer<typeof SingleRequest>;

/** Many requests on one line, answered in order on one line: a batch never nests. */
export const BatchRequest = z.strictObject({
  id: RequestId,
  type: z.literal('batch'),
  requests: z.array(z.unknown()).max(100_000).describe('Requests of any other type, each with its own id.'),
});

export const Request = z.union([SingleRequest, BatchRequest]);
export type Request = z.infer<typeof Request>;

/** What every failed request is answered with; `code` is one of ERROR_CODES. */
export const ERROR_CODES = [
  'line-too-long',
  'bad-json',
  'bad-request',
  'no-such-game',
  'invalid-input',
  'illegal-choice',
  'game-over',
  'undo-unavailable',
  'too-many-games',
  'internal',
] as const;
export type ErrorCode = (typeof ERROR_CODES)[number];

export const ErrorResponse = z.strictObject({
  id: z.union([RequestId, z.null()]).describe('null when the line had no readable id.'),
  ok: z.literal(false),
  error: z.strictObject({ code: z.enum(ERROR_CODES), message: z.string() }),
});
export type ErrorResponse = z.infer<typeof ErrorResponse>;

const ok = <S extends z.ZodRawShape>(shape: S) => z.strictObject({ id: RequestId, ok: z.literal(true), ...shape });
const Seat = z.number().int().nonnegative();
const ToAct = z.union([Seat, z.null()]).describe('The seat owing the next decision, null once the game is over.');
const ResultShape = z.union([z.strictObject({ scores: z.array(z.number()), winners: z.array(Seat) }), z.null()]);

export const HelloResponse = ok({
  protocol: z.literal(PROTOCOL_VERSION),
  games: z.array(z.strictObject({ id: z.string(), minSeats: z.number(), maxSeats: z.number() })),
});
export const CreateResponse = ok({ gameId: GameId, seats: z.number().int(), toAct: ToAct, count: z.number().int() });
export const LegalResponse = ok({ seat: ToAct, count: z.number().int(), choices: z.array(ChoiceSchema).optional() });
export const ApplyResponse = ok({
  seat: Seat.describe('The seat that played.'),
  choice: ChoiceSchema,
  toAct: ToAct,
  turn: z.number().int().describe('Turns begun so far (for a cap on long games).'),
  count: z.number().int().describe('Legal choices of the seat to act now (0 once over).'),
  events: z.array(z.looseObject({ type: z.string() })).optional(),
});
export const ObserveResponse = ok({ seat: ToAct, view: z.unknown(), choices: z.array(ChoiceSchema) });
export const ViewResponse = ok({ view: z.unknown() });
export const ResultResponse = ok({ over: z.boolean(), turn: z.number().int(), result: ResultShape });
export const RecordResponse = ok({
  record: z
    .looseObject({ format: z.literal('expedition-match'), hash: z.string(), capped: z.boolean() })
    .describe('A match record as `expedition replay` reads it, with the hash of the state now; capped: the game is not over.'),
});
export const NewGameResponse = ok({ gameId: GameId });
export const UndoResponse = ok({ toAct: ToAct, count: z.number().int() });
export const StepResponse = ok({
  counts: z.array(z.number().int()).describe("Each game's legal choices now, in the request's order (0 once over)."),
  toAct: z.array(ToAct).describe('The seat to act now in each game, null once it is over.'),
});
export const CloseResponse = ok({});
export const BatchResponse = ok({ responses: z.array(z.unknown()).describe('One response per request, in order.') });

/** Every response: the schema the generated JSON Schema documents. */
export const Response = z.union([
  ErrorResponse,
  HelloResponse,
  CreateResponse,
  LegalResponse,
  ApplyResponse,
  ObserveResponse,
  ViewResponse,
  ResultResponse,
  RecordResponse,
  NewGameResponse,
  UndoResponse,
  StepResponse,
  CloseResponse,
  BatchResponse,
]);

/**
 * The agent part: what an exec: bot is sent for each decision of its seat (its view and legal
 * choices only, never the state) and what it answers.
 */
export const ActMessage = z.strictObject({
  type: z.literal('act'),
  id: z.number().int(),
  game: z.string(),
  seat: Seat,
  view: z.unknown().describe("The seat's view: what the seat may know, nothing more."),
  choices: z.array(ChoiceSchema),
  deadlineMs: z.number().describe('Milliseconds the agent has to answer.'),
});
export type ActMessage = z.infer<typeof ActMessage>;

export const ActAnswer = z.union([
  z.strictObject({ id: z.number().int(), index: z.number().int().nonnegative() }),
  z.strictObject({ id: z.number().int(), choice: ChoiceSchema }),
]);
export type ActAnswer = z.infer<typeof ActAnswer>;
