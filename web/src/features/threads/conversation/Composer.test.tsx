import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { Composer } from './Composer.tsx';

const setup = (props: Partial<Parameters<typeof Composer>[0]> = {}) => {
  const onSend = props.onSend ?? vi.fn(async () => {});
  render(<Composer onSend={onSend} blockedReason={props.blockedReason ?? null} />);
  return { onSend, box: screen.getByRole('textbox', { name: 'Message' }), user: userEvent.setup() };
};

describe('Composer', () => {
  it('sends on Enter and empties the box', async () => {
    const { onSend, box, user } = setup();
    await user.type(box, 'Hello there{Enter}');
    expect(onSend).toHaveBeenCalledExactlyOnceWith('Hello there');
    expect(box).toHaveValue('');
  });

  it('makes a new line on Shift+Enter without sending, then sends both lines on Enter', async () => {
    const { onSend, box, user } = setup();
    await user.type(box, 'first line{Shift>}{Enter}{/Shift}second line');
    expect(onSend).not.toHaveBeenCalled();
    expect(box).toHaveValue('first line\nsecond line');
    await user.keyboard('{Enter}');
    expect(onSend).toHaveBeenCalledExactlyOnceWith('first line\nsecond line');
  });

  it('sends with the Send button too', async () => {
    const { onSend, box, user } = setup();
    await user.type(box, 'By click');
    await user.click(screen.getByRole('button', { name: 'Send' }));
    expect(onSend).toHaveBeenCalledExactlyOnceWith('By click');
  });

  it('does not send blank text', async () => {
    const { onSend, box, user } = setup();
    await user.type(box, '   {Enter}');
    expect(onSend).not.toHaveBeenCalled();
    expect(screen.getByRole('button', { name: 'Send' })).toBeDisabled();
  });

  it('keeps the text when sending fails', async () => {
    const { box, user } = setup({ onSend: vi.fn(async () => Promise.reject(new Error('offline'))) });
    await user.type(box, 'Keep me{Enter}');
    expect(box).toHaveValue('Keep me');
  });

  it('waits while a run is answering, and says why', async () => {
    const reason = 'The assistant is still answering.';
    const { onSend, box, user } = setup({ blockedReason: reason });
    await user.type(box, 'Too soon{Enter}');
    expect(onSend).not.toHaveBeenCalled();
    expect(box).toHaveValue('Too soon');
    expect(screen.getByRole('button', { name: 'Send' })).toBeDisabled();
    expect(box).toHaveAccessibleDescription(reason);
  });
});
