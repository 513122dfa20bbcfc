import { act, cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import i18n from '../src/i18n/index.js';
import { ChatPanel } from '../src/chat/ChatPanel.js';
import { setSignedIn } from '../src/account/signed-in.js';
import { TableChat, type ChatLink } from '../src/chat/table-chat.js';
import type { ChatRequest } from '../src/net/server-session.js';
import type { SeatInfo } from '../src/net/session.js';
import type { ChatEntry, ServerMessage } from '../../src/server/protocol.js';

const seats: SeatInfo[] = [
  { seat: 0, kind: 'human', name: 'Ada', connected: true },
  { seat: 1, kind: 'human', name: 'Bo', connected: true },
];

/** A session as the chat sees it: the test hands it server messages and reads what was sent. */
class FakeLink implements ChatLink {
  readonly sent: ChatRequest[] = [];
  private readonly listeners = new Set<(m: ServerMessage) => void>();
  refuse: { code: string; message: string } | null = null;
  onServerMessage(cb: (m: ServerMessage) => void): () => void {
    this.listeners.add(cb);
    return () => this.listeners.delete(cb);
  }
  async chat(msg: ChatRequest): Promise<void> {
    this.sent.push(msg);
    if (this.refuse) throw Object.assign(new Error(this.refuse.message), { code: this.refuse.code });
  }
  receive(m: unknown): void {
    for (const l of this.listeners) l(m as ServerMessage);
  }
}

const entry = (id: number, seat: number | null, text: string, room: ChatEntry['room'] = 'players'): ChatEntry => ({
  id,
  room,
  seat,
  name: seat === null ? 'fan' : (seats[seat]?.name ?? null),
  text,
  at: 0,
});
const welcome = (seat: number | null, messages: ChatEntry[], muted: number[] = []) => ({
  type: 'welcome',
  seat,
  chat: { messages, muted },
});

beforeEach(() => localStorage.clear());
afterEach(async () => {
  cleanup();
  setSignedIn(null);
  await act(() => i18n.changeLanguage('en'));
});

describe('TableChat', () => {
  it('holds the welcome’s backlog, adds each chat message once by id in order, and starts again at the next welcome', () => {
    const link = new FakeLink();
    const chat = new TableChat(link);
    link.receive(welcome(0, [entry(2, 1, 'b'), entry(1, 0, 'a')]));
    link.receive({ type: 'chat', messages: [entry(3, 1, 'c')] });
    link.receive({ type: 'chat', messages: [entry(3, 1, 'c')] });
    expect(chat.current.messages.map((m) => m.text)).toEqual(['a', 'b', 'c']);
    link.receive(welcome(0, [entry(3, 1, 'c')], [1]));
    expect(chat.current.messages.map((m) => m.text)).toEqual(['c']);
    expect([...chat.current.muted]).toEqual([1]);
  });

  it('a player who chose to read the spectators’ room asks for it again after each welcome; a spectator never asks', async () => {
    const link = new FakeLink();
    const chat = new TableChat(link);
    link.receive(welcome(0, []));
    expect(link.sent).toEqual([]);
    await chat.showSpectators(true);
    link.receive(welcome(0, []));
    await waitFor(() => expect(link.sent.filter((m) => m.type === 'chatSpectators')).toHaveLength(2));
    link.receive(welcome(null, []));
    expect(link.sent.filter((m) => m.type === 'chatSpectators')).toHaveLength(2);
  });
});

describe('ChatPanel', () => {
  it('shows a text as text, a phrase in the reader’s language, hides a muted seat, and says a refusal in words', async () => {
    await act(() => i18n.changeLanguage('de'));
    const link = new FakeLink();
    const chat = new TableChat(link);
    link.receive(welcome(1, [entry(1, 0, '<b>hi</b>'), { ...entry(2, 0, ''), text: undefined, phrase: 'goodGame' }]));
    const { container } = render(<ChatPanel chat={chat} seats={seats} />);
    const shown = () => screen.queryAllByTestId('chat-text').map((e) => e.textContent);
    expect(shown()).toEqual(['<b>hi</b>', 'Gutes Spiel!']);
    expect(container.querySelector('b')).toBeNull();

    fireEvent.click(screen.getAllByTestId('chat-mute')[0]!);
    await waitFor(() => expect(shown()).toEqual([]));
    expect(link.sent).toContainEqual({ type: 'mute', seat: 0, muted: true });
    expect(screen.getByTestId('chat-unmute').textContent).toBe('Ada wieder zeigen');

    link.refuse = { code: 'rate_limited', message: 'more than …' };
    fireEvent.change(screen.getByTestId('chat-input'), { target: { value: 'hallo' } });
    fireEvent.submit(screen.getByTestId('chat-input').closest('form')!);
    await waitFor(() =>
      expect(screen.getByTestId('chat-status').textContent).toBe('Langsamer: Warte einen Moment vor der nächsten Nachricht.'),
    );
    expect(screen.getByTestId<HTMLInputElement>('chat-input').value).toBe('hallo');
  });

  it('a guest watching reads the spectators’ room and is asked to sign in to speak', () => {
    const link = new FakeLink();
    const chat = new TableChat(link);
    link.receive(welcome(null, [entry(5, null, 'go!', 'spectators')]));
    render(<ChatPanel chat={chat} seats={seats} />);
    expect(screen.getByText('go!')).toBeTruthy();
    expect(screen.getByTestId('chat-sign-in')).toBeTruthy();
    expect(screen.queryByTestId('chat-input')).toBeNull();
    expect(screen.queryByTestId('chat-report')).toBeNull();
  });

  it('a signed-in reader reports another’s message and is told it was', async () => {
    act(() => setSignedIn({ name: 'reader' }));
    const link = new FakeLink();
    const chat = new TableChat(link);
    link.receive(welcome(null, [entry(5, null, 'spam', 'spectators')]));
    render(<ChatPanel chat={chat} seats={seats} />);
    fireEvent.click(screen.getByTestId('chat-report'));
    await waitFor(() => expect(screen.getByTestId('chat-status').textContent).toBe('Reported: the operators will read it.'));
    expect(link.sent).toEqual([{ type: 'report', message: 5 }]);
  });
});
