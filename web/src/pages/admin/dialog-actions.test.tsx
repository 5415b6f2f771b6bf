import { fireEvent, render, screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { DialogActions } from './dialog-actions';

describe('DialogActions', () => {
  it('submits its form when the action has no handler of its own, and cancels', () => {
    const submit = vi.fn((event: { preventDefault(): void }) => event.preventDefault());
    const cancel = vi.fn();
    render(
      <form onSubmit={submit}>
        <DialogActions
          confirmLabel="Grant role"
          busyLabel="Granting…"
          busy={false}
          onCancel={cancel}
        />
      </form>,
    );
    fireEvent.click(screen.getByRole('button', { name: 'Grant role' }));
    expect(submit).toHaveBeenCalledTimes(1);
    fireEvent.click(screen.getByRole('button', { name: 'Cancel' }));
    expect(cancel).toHaveBeenCalledTimes(1);
    expect(submit).toHaveBeenCalledTimes(1);
  });

  it('says what it is doing and cannot be pressed again while busy', () => {
    const confirm = vi.fn();
    render(
      <DialogActions
        confirmLabel="Unlink"
        busyLabel="Working…"
        busy
        danger
        onConfirm={confirm}
        onCancel={() => {}}
      />,
    );
    const action = screen.getByRole('button', { name: 'Working…' });
    expect((action as HTMLButtonElement).disabled).toBe(true);
    expect(action.classList.contains('button-danger')).toBe(true);
    fireEvent.click(action);
    expect(confirm).not.toHaveBeenCalled();
  });
});
