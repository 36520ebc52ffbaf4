import { describe, expect, it } from 'vitest';
import { reducer, type ToasterToast } from './use-toast';

const make = (id: string): ToasterToast => ({ id, title: `Toast ${id}`, open: true });

describe('the toast reducer', () => {
  it('keeps at most one toast, the newest', () => {
    let state = reducer({ toasts: [] }, { type: 'ADD', toast: make('1') });
    state = reducer(state, { type: 'ADD', toast: make('2') });
    expect(state.toasts.map((t) => t.id)).toEqual(['2']);
  });

  it('closes a dismissed toast before removing it', () => {
    let state = reducer({ toasts: [] }, { type: 'ADD', toast: make('1') });
    state = reducer(state, { type: 'DISMISS', toastId: '1' });
    expect(state.toasts[0]?.open).toBe(false);
    state = reducer(state, { type: 'REMOVE', toastId: '1' });
    expect(state.toasts).toEqual([]);
  });
});
