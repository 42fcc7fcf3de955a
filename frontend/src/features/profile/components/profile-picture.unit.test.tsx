// @vitest-environment jsdom
import { authRoutes, profilePictureRoutes } from '@akhada/contracts';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { notificationsAre } from '../../../testing/app-handlers';
import { on, reply } from '../../../testing/contract-handlers';
import { aUser } from '../../../testing/fixtures';
import { renderApp } from '../../../testing/render-app';
import { server } from '../../../testing/setup';

const AVATAR = '/api/auth/avatars/9b2f6a1e-1c2d-4e5f-8a9b-0c1d2e3f4a5b?v=0f8e7d6c-5b4a-4392-8170-6f5e4d3c2b1a';
const png = (bytes = 2048) => new File([new Uint8Array(bytes)], 'me.png', { type: 'image/png' });
const choose = (file: File) => fireEvent.change(screen.getByTestId('profile-picture-input'), { target: { files: [file] } });
/** The picture in the top bar's user menu (decorative: alt="", so found by its tag). */
const topBarAvatar = () => screen.getByTestId('user-menu').querySelector('img');

const openProfile = async (user = aUser({ firstName: 'Asha' })) => {
  server.use(
    on(authRoutes.me, () => reply(authRoutes.me, 200, { success: true, data: { user } })),
    ...notificationsAre([]),
  );
  const app = renderApp('/dashboard/profile');
  await screen.findByTestId('profile-picture');
  return app;
};

describe('profile picture', () => {
  it('refuses a file that is not an image, and one of 5 MB or more, with the spec messages and without sending it', async () => {
    let sent = 0;
    server.use(on(profilePictureRoutes.upload, () => ((sent += 1), reply(profilePictureRoutes.upload, 200, { success: true, data: { avatarUrl: AVATAR } }))));
    await openProfile();
    choose(new File(['%PDF-1.4'], 'photo.jpg', { type: 'application/pdf' }));
    expect((await screen.findByTestId('profile-picture-error')).textContent).toBe('Please select an image file');
    choose(png(5 * 1024 * 1024));
    await waitFor(() => expect(screen.getByTestId('profile-picture-error').textContent).toBe('File size must be less than 5MB'));
    expect(sent).toBe(0);
  });

  it('uploads an image: the top bar shows the picture, and Remove takes it away', async () => {
    server.use(
      on(profilePictureRoutes.upload, () =>
        reply(profilePictureRoutes.upload, 200, { success: true, data: { avatarUrl: AVATAR }, message: 'Profile picture updated' }),
      ),
      on(profilePictureRoutes.remove, () => reply(profilePictureRoutes.remove, 200, { success: true, data: { avatarUrl: null } })),
    );
    const { user } = await openProfile();
    expect(topBarAvatar()).toBeNull();
    choose(png());
    expect((await screen.findByTestId('profile-picture-done')).textContent).toBe('Profile picture updated');
    expect(topBarAvatar()?.getAttribute('src')).toBe(AVATAR);
    expect(screen.getByTestId('profile-picture').querySelector('img')?.getAttribute('src')).toBe(AVATAR);

    await user.click(screen.getByTestId('profile-picture-remove'));
    expect((await screen.findByTestId('profile-picture-done')).textContent).toBe('Profile picture removed');
    expect(topBarAvatar()).toBeNull();
  });

  it("shows the server's refusal of a disguised file in the user's words", async () => {
    server.use(
      on(profilePictureRoutes.upload, () =>
        reply(profilePictureRoutes.upload, 415, {
          success: false,
          error: 'Please select an image file',
          message: 'Please select an image file',
          code: 'UNSUPPORTED_FILE_TYPE',
        }),
      ),
    );
    await openProfile();
    choose(png());
    expect((await screen.findByTestId('profile-picture-error')).textContent).toBe('Please select an image file');
    expect(topBarAvatar()).toBeNull();
  });
});
