// @vitest-environment jsdom
import { chatRoutes, Conversation, type ChatUser } from '@akhada/contracts';
import { render, screen, within } from '@testing-library/react';
import { MemoryRouter } from 'react-router-dom';
import { describe, expect, it } from 'vitest';
import { AppProvider } from '../../../app/provider';
import { createQueryClient } from '../../../lib/query-client';
import { on, reply } from '../../../testing/contract-handlers';
import { server } from '../../../testing/setup';
import { ConversationList } from './conversation-list';
import { NewChatDialog } from './new-chat-dialogs';

const ME = '0198a3c1-0000-7000-8000-00000000c001';
const PICTURE = '/api/auth/avatars/0198a3c1-0000-7000-8000-00000000c002?v=0198a3c1-0000-7000-8000-00000000c0ff';
const person = (id: string, firstName: string, avatar: string | null = null): ChatUser => ({
  _id: id,
  firstName,
  lastName: 'Rao',
  email: `${firstName.toLowerCase()}@example.in`,
  avatar,
  role: 'member',
});
const me = person(ME, 'Asha');
const tara = person('0198a3c1-0000-7000-8000-00000000c002', 'Tara', PICTURE);
const omkar = person('0198a3c1-0000-7000-8000-00000000c003', 'Omkar');

const conversation = (id: string, type: 'direct' | 'group', people: ChatUser[], name: string | null = null) =>
  Conversation.parse({
    _id: id,
    type,
    name,
    description: '',
    groupType: 'general',
    participants: people.map((user) => ({ user, role: 'member', joinedAt: '2026-11-20T10:00:00.000Z', lastReadAt: null, lastReadSeq: 0 })),
    createdBy: ME,
    unreadCount: 0,
    lastMessage: null,
    isMuted: false,
    pinnedMessageIds: [],
    createdAt: '2026-11-20T10:00:00.000Z',
    updatedAt: '2026-11-20T10:00:00.000Z',
  });

const renderIn = (ui: React.ReactNode) =>
  render(
    <MemoryRouter>
      <AppProvider queryClient={createQueryClient()}>{ui}</AppProvider>
    </MemoryRouter>,
  );
const noop = () => undefined;

describe('chat: profile pictures', () => {
  it('a direct conversation shows the other person’s picture; one without a picture shows initials, a group its icon', async () => {
    server.use(
      on(chatRoutes.conversations, () =>
        reply(chatRoutes.conversations, 200, {
          success: true,
          data: [
            conversation('0198a3c1-0000-7000-8000-00000000d001', 'direct', [me, tara]),
            conversation('0198a3c1-0000-7000-8000-00000000d002', 'direct', [me, omkar]),
            conversation('0198a3c1-0000-7000-8000-00000000d003', 'group', [me, tara, omkar], 'Morning batch'),
          ],
        }),
      ),
    );
    renderIn(<ConversationList me={ME} selectedId={null} search="" onSearch={noop} onSelect={noop} onNewChat={noop} onNewGroup={noop} typing={{}} />);
    const [withTara, withOmkar, group] = await screen.findAllByTestId('chat-conversation');
    expect(within(withTara!).getByText('Tara Rao')).toBeTruthy();
    const img = withTara!.querySelector('img');
    expect(img?.getAttribute('src')).toBe(PICTURE);
    expect(img?.getAttribute('alt')).toBe('');
    expect(img?.closest('[aria-hidden="true"]')).toBeTruthy();
    expect(withOmkar!.querySelector('img')).toBeNull();
    expect(withOmkar!.querySelector('.avatar')?.getAttribute('data-initial')).toBe('OR');
    expect(group!.querySelector('img')).toBeNull();
    expect(group!.querySelector('.chat-avatar--group svg')).toBeTruthy();
  });

  it('the people to start a chat with show their pictures', async () => {
    server.use(on(chatRoutes.users, () => reply(chatRoutes.users, 200, { success: true, data: [tara, omkar] })));
    renderIn(<NewChatDialog open onClose={noop} onCreated={noop} />);
    const [taraButton, omkarButton] = await screen.findAllByTestId('chat-person');
    expect(taraButton!.querySelector('img')?.getAttribute('src')).toBe(PICTURE);
    expect(within(taraButton!).getByText('Tara Rao')).toBeTruthy();
    expect(omkarButton!.querySelector('img')).toBeNull();
  });
});
