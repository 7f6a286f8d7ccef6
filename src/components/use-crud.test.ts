// @vitest-environment jsdom
import { describe, expect, it, vi } from 'vitest';
import { createElement, type ReactNode } from 'react';
import { act, renderHook } from '@testing-library/react';
import { QueryClientProvider } from '@tanstack/react-query';
import { createQueryClient } from '../api/query-client';
import { useCrud } from './use-crud';

type Item = { id: number };
const messages = { create: 'Failed to create', update: 'Failed to update', delete: 'Failed to delete', details: 'Failed to load' };
const setup = () => {
  const client = createQueryClient();
  const invalidate = vi.spyOn(client, 'invalidateQueries');
  // What a write changes, as useCrud invalidates it: the keys of each call (one per area).
  const invalidated = () => invalidate.mock.calls.map(([f]) => f?.queryKey);
  const clearErrors = vi.fn();
  const onOpen = vi.fn();
  const wrapper = ({ children }: { children: ReactNode }) => createElement(QueryClientProvider, { client }, children);
  const { result } = renderHook(() => useCrud<Item>({ clearErrors, onOpen, messages }), { wrapper });
  return { result, invalidated, clearErrors, onOpen };
};
const AFTER_WRITE = [['admin'], ['projects'], ['farm']];

describe('useCrud', () => {
  it('saves a create (item null) and an edit (the item), then closes, clears errors and invalidates the admin and grower lists', async () => {
    const { result, invalidated, clearErrors, onOpen } = setup();
    const op = vi.fn(async () => {});
    act(() => result.current.open({ kind: 'create' }));
    expect(onOpen).toHaveBeenCalledWith({ kind: 'create' });
    expect(result.current.formModal.open).toBe(true);
    await act(() => result.current.save(op));
    expect(op).toHaveBeenLastCalledWith(null);
    act(() => result.current.open({ kind: 'edit', item: { id: 7 } }));
    expect(result.current.editing).toBe(true);
    await act(() => result.current.save(op));
    expect(op).toHaveBeenLastCalledWith({ id: 7 });
    expect(result.current.mode).toBeNull();
    expect(invalidated()).toEqual([...AFTER_WRITE, ...AFTER_WRITE]);
    expect(clearErrors).toHaveBeenCalledTimes(2);
    expect(result.current.busy).toBe(false);
  });

  it('keeps the form open on a failed save, shows server field errors and the reason in the banner', async () => {
    const { result, invalidated } = setup();
    const setServerErrors = vi.fn();
    act(() => result.current.open({ kind: 'edit', item: { id: 1 } }));
    const err = new Error('Name taken');
    await act(() => result.current.save(() => Promise.reject(err), setServerErrors));
    expect(setServerErrors).toHaveBeenCalledWith(err);
    expect(result.current.error).toBe('Failed to update: Name taken');
    expect(result.current.mode?.kind).toBe('edit');
    expect(invalidated()).toEqual([]);
  });

  it('ignores save without an open form and remove without a pending delete', async () => {
    const { result } = setup();
    const op = vi.fn(async () => {});
    await act(() => result.current.save(op));
    await act(() => result.current.remove(op));
    expect(op).not.toHaveBeenCalled();
  });

  it('closes the confirmation on a failed delete with the reason; a banner dismiss clears every source', async () => {
    const { result } = setup();
    act(() => result.current.open({ kind: 'delete', item: { id: 3 } }));
    expect(result.current.confirm(async () => {}).open).toBe(true);
    await act(() => result.current.remove(() => Promise.reject(new Error('still used'))));
    expect(result.current.mode).toBeNull();
    const source = { error: 'Failed to load list', clearError: vi.fn() };
    expect(result.current.banner(source).message).toBe('Failed to delete: still used');
    act(() => result.current.banner(source).onDismiss());
    expect(result.current.error).toBeNull();
    expect(source.clearError).toHaveBeenCalled();
    expect(result.current.banner(source).message).toBe('Failed to load list');
  });

  it('row actions: View only with a details loader; View opens the loaded item, a failure goes to the banner', async () => {
    const { result } = setup();
    expect(result.current.rowActions({ id: 1 }, { edit: 'Edit', delete: 'Delete' }).map((a) => a.label)).toEqual(['Edit', 'Delete']);
    await act(() => result.current.showDetails(async () => ({ id: 9 })));
    expect(result.current.mode).toEqual({ kind: 'details', item: { id: 9 } });
    await act(() => result.current.showDetails(() => Promise.reject(new Error('gone'))));
    expect(result.current.error).toBe('Failed to load: gone');
  });
});
