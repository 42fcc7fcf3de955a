// @vitest-environment jsdom
import { fireEvent, render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { aUser } from '../../testing/fixtures';
import '../../testing/setup';
import { GymIdentity } from './gym-identity';

const org = (o: Partial<ReturnType<typeof aUser>['organization']>) => ({ ...aUser().organization, ...o });

describe('the gym in the shell', () => {
  it('shows the gym’s logo from the API with its name and brand colour', () => {
    render(<GymIdentity organization={org({ name: 'Iron Temple', logoUrl: '/auth/organizations/x/logo?v=abc', brandColor: '#10b981' })} />);
    expect(screen.getByTestId('gym-logo').getAttribute('src')).toBe('/api/auth/organizations/x/logo?v=abc');
    expect(screen.getByText('Iron Temple')).toBeTruthy();
    expect(screen.getByTestId('gym-identity').style.borderInlineStartColor).toBe('rgb(16, 185, 129)');
  });

  it('stands the first letter in for a missing or broken logo', () => {
    const { rerender } = render(<GymIdentity organization={org({ name: 'iron Temple', logoUrl: null })} />);
    expect(screen.queryByTestId('gym-logo')).toBeNull();
    expect(screen.getByText('I')).toBeTruthy();
    rerender(<GymIdentity organization={org({ name: 'Iron Temple', logoUrl: '/auth/organizations/x/logo?v=abc' })} />);
    fireEvent.error(screen.getByTestId('gym-logo'));
    expect(screen.queryByTestId('gym-logo')).toBeNull();
  });
});
