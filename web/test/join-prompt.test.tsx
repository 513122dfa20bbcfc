import { describe, expect, it, vi } from 'vitest';
import { act, fireEvent, render, screen } from '@testing-library/react';
import { JoinPrompt } from '../src/lobby/JoinPrompt.js';
import { signedOutEachTest } from './account-harness.js';

/** The game's summary as GET /api/games/g1 gives it, answered when the test says (or refused). */
function slowGameInfo(seat1: { claimed: boolean; name: string | null }) {
  let answer: (ok: boolean) => void = () => undefined;
  const answered = new Promise<boolean>((resolve) => (answer = resolve));
  vi.stubGlobal(
    'fetch',
    vi.fn(async () =>
      (await answered)
        ? new Response(JSON.stringify({ id: 'g1', game: 'quetzal', seats: [{ claimed: true, name: 'Ann' }, seat1] }), {
            status: 200,
            headers: { 'content-type': 'application/json' },
          })
        : new Response(JSON.stringify({ error: 'internal', message: 'down' }), {
            status: 500,
            headers: { 'content-type': 'application/json' },
          }),
    ),
  );
  return { answer: (ok = true) => act(async () => answer(ok)) };
}

function prompt() {
  const onJoin = vi.fn();
  render(<JoinPrompt id="g1" seat={1} onJoin={onJoin} onWatch={() => undefined} />);
  return onJoin;
}

const sitDown = () => act(async () => fireEvent.click(screen.getByTestId('join-submit')));
const nameNeeded = () => screen.queryByRole('alert');

signedOutEachTest();

describe('the join prompt asked to sit down before the server said who holds the seat', () => {
  it("a held seat: sits down with the seat's name once it arrives, without asking for one", async () => {
    const info = slowGameInfo({ claimed: true, name: 'Cleo' });
    const onJoin = prompt();
    await sitDown();
    expect(nameNeeded()).toBeNull();
    expect(onJoin).not.toHaveBeenCalled();
    expect(screen.getByTestId<HTMLButtonElement>('join-submit').disabled).toBe(true);
    await info.answer();
    expect(onJoin).toHaveBeenCalledExactlyOnceWith('Cleo');
    expect(nameNeeded()).toBeNull();
  });

  it('a free seat: asks for a name once the server has said, and sits nobody down', async () => {
    const info = slowGameInfo({ claimed: false, name: null });
    const onJoin = prompt();
    await sitDown();
    expect(nameNeeded()).toBeNull();
    await info.answer();
    expect(nameNeeded()).not.toBeNull();
    expect(onJoin).not.toHaveBeenCalled();
  });

  it('the server cannot say: asks for a name', async () => {
    const info = slowGameInfo({ claimed: true, name: 'Cleo' });
    const onJoin = prompt();
    await sitDown();
    await info.answer(false);
    expect(nameNeeded()).not.toBeNull();
    expect(onJoin).not.toHaveBeenCalled();
  });

  it('a typed name sits down at once, whatever the server says later', async () => {
    const info = slowGameInfo({ claimed: true, name: 'Cleo' });
    const onJoin = prompt();
    fireEvent.change(screen.getByTestId('join-name'), { target: { value: 'Dora' } });
    await sitDown();
    expect(onJoin).toHaveBeenCalledExactlyOnceWith('Dora');
    await info.answer();
    expect(onJoin).toHaveBeenCalledTimes(1);
  });
});
