// The spec's shared UI: message box, popup modal and loading overlay.
import { fireEvent, screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { LoadingScreen } from '../src/components/loading-screen';
import { MessageBox } from '../src/components/message-box';
import { PopupModal } from '../src/components/popup-modal';
import { renderWithProviders } from './render';

describe('MessageBox', () => {
  it('shows title, message and button label, and closes from its button', async () => {
    const onClose = vi.fn();
    await renderWithProviders(<MessageBox opened title="Message" message="you do not have access to this video" buttonLabel="Ok" onClose={onClose} />);
    expect(await screen.findByText('Message')).toBeTruthy();
    expect(screen.getByText('you do not have access to this video')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Ok' }));
    expect(onClose).toHaveBeenCalledTimes(1);
  });
});

describe('PopupModal', () => {
  it('shows its content full screen and closes from the close button', async () => {
    const onClose = vi.fn();
    await renderWithProviders(
      <PopupModal opened onClose={onClose} closeLabel="Close">
        <p>popup content</p>
      </PopupModal>,
    );
    expect(await screen.findByText('popup content')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Close' }));
    expect(onClose).toHaveBeenCalledTimes(1);
  });
});

describe('LoadingScreen', () => {
  it.each(['Signing In...', 'Loading...'])('announces %s', async (label) => {
    await renderWithProviders(<LoadingScreen label={label} />);
    expect(screen.getByRole('status').textContent).toContain(label);
  });
});
